// Runs before the app (web/index.html loads it first, into the same bundle): what the Content-Security-Policy needs.
// - Zod compiles object parsers with `new Function` when it may, probing for that the first time a schema is built;
//   `script-src 'self'` refuses the probe and the browser reports a violation even though zod catches it. jitless
//   skips the probe (and the compiled fast path; the browser only validates small forms).
// - The server names a fresh nonce per page in `style-src` and in `<meta property="csp-nonce">`. Radix's scroll lock
//   (react-remove-scroll → react-style-singleton → get-nonce) tags the one `<style>` element it injects with
//   `__webpack_nonce__`, the nonce hook that chain reads.
import { config } from "zod";

config({ jitless: true });

const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
if (meta?.nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = meta.nonce;
