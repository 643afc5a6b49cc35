// The response headers every answer carries (API, socket upgrade refusals, the web app and its bundles): a strict
// Content-Security-Policy, no sniffing, no framing, a referrer policy and, in production, HSTS.
import type { Config } from "@core/infra/config";

export type PolicyOptions = {
  /** The site's origin (PUBLIC_ORIGIN): its ws:/wss: twin is where the market socket connects. */
  publicOrigin: string;
  /** Extra `script-src` sources, e.g. the hashes of Bun's dev-server inline script (development only). */
  scriptSources?: string[];
  /** The page's nonce for the style elements it creates at run time (documents only). */
  styleNonce?: string;
};

/** `ws://host` for an http origin, `wss://host` for https: the socket the page opens (see socket-messages.ts). */
export function socketOrigin(publicOrigin: string): string {
  const url = new URL(publicOrigin);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/** A CSP hash source for `text`. */
export const sha256 = (text: string) => `'sha256-${new Bun.CryptoHasher("sha256").update(text).digest("base64")}'`;

/**
 * The one fixed `<style>` element the app renders: Radix Select's viewport hides its scrollbar with it
 * (@radix-ui/react-select, SelectViewport). Allowed by hash; a Radix release that changes it shows up as a
 * violation in web/e2e/security-headers.spec.ts.
 */
const RADIX_SELECT_VIEWPORT_CSS =
  "[data-radix-select-viewport]{scrollbar-width:none;-ms-overflow-style:none;-webkit-overflow-scrolling:touch;}[data-radix-select-viewport]::-webkit-scrollbar{display:none}";
export const PAGE_STYLE_HASHES = [sha256(RADIX_SELECT_VIEWPORT_CSS)];

/**
 * The app's policy. Scripts only from our own origin (no inline script, no eval). Styles from our own stylesheet;
 * a page (`styleNonce` given) also allows
 * - its per-response nonce: Radix's scroll lock (Dialog, Popover, Select, via react-remove-scroll) injects a
 *   `<style>` element whose rules it computes at run time, so no hash can name it; it tags that element with the
 *   page's nonce (web/src/csp.ts reads it from `<meta property="csp-nonce">`);
 * - the hash of Radix Select's fixed viewport style (above).
 * No 'unsafe-inline' (only the development docs page has it, below). Inline style properties set from script
 * (React's `style` prop) are not governed by style-src. 'self' covers ws:/wss: of the same host in current
 * browsers; the socket origin is named as well for those that predate CSP level 3.
 */
export function contentSecurityPolicy(opts: PolicyOptions): string {
  return serialize({
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(opts.scriptSources ?? [])],
    "style-src": ["'self'", ...(opts.styleNonce ? [`'nonce-${opts.styleNonce}'`, ...PAGE_STYLE_HASHES] : [])],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", socketOrigin(opts.publicOrigin)],
    // The alerts service worker (/sw.js) and the web app manifest, both from our own origin only.
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  });
}

/**
 * The Scalar bundle the docs UI loads outside production: one release, the file exactly as published to npm (the
 * plugin's default is `@latest` and a CDN-minified copy).
 */
export const SCALAR_VERSION = "1.72.1";
export const SCALAR_BUNDLE_URL = `https://cdn.jsdelivr.net/npm/@scalar/api-reference@${SCALAR_VERSION}/dist/browser/standalone.js`;
/**
 * The plugin's page keeps Scalar's configuration in an inline `<script id="api-reference" data-configuration=…>`
 * that holds only whitespace: data, never meant to run; its hash keeps the browser from reporting it.
 */
const SCALAR_CONFIG_SCRIPT_HASH = sha256("\n    ");

/**
 * The docs page's own policy (outside production only; production has no docs UI). It is the one relaxed policy,
 * because Scalar is a third-party bundle that no dependency ships locally, so it comes from a CDN; the page the
 * plugin renders has inline `<style>` blocks and Scalar injects its styles at run time, hence 'unsafe-inline' for
 * style here. Script comes from that one pinned file only, never from the CDN as a whole; no 'unsafe-eval' (Scalar's
 * bundled zod probes for eval once, is refused, and carries on; the browser reports that refusal); no remote fonts
 * (`withDefaultFonts: false`) and requests stay on our origin (no proxy.scalar.com). Framing is refused as everywhere.
 */
export function docsContentSecurityPolicy(): string {
  return serialize({
    "default-src": ["'self'"],
    "script-src": ["'self'", SCALAR_BUNDLE_URL, SCALAR_CONFIG_SCRIPT_HASH],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  });
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export const HSTS = "max-age=31536000; includeSubDomains";

/** The full set for one response; `csp` replaces the app's policy (the docs page). */
export function securityHeaders(
  config: Pick<Config, "isProduction" | "PUBLIC_ORIGIN">,
  { csp, ...policy }: { csp?: string } & Omit<PolicyOptions, "publicOrigin"> = {},
) {
  const headers: Record<string, string> = {
    "content-security-policy": csp ?? contentSecurityPolicy({ ...policy, publicOrigin: config.PUBLIC_ORIGIN }),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
  if (config.isProduction) headers["strict-transport-security"] = HSTS;
  return headers;
}

/**
 * A copy of `response` with `headers` set over its own and `drop` removed (a fetched response's headers may be
 * immutable); `body` replaces the body.
 */
export function withHeaders(response: Response, headers: Record<string, string>, opts: { drop?: string[]; body?: BodyInit | null } = {}): Response {
  const merged = new Headers(response.headers);
  for (const name of opts.drop ?? []) merged.delete(name);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  const body = opts.body === undefined ? response.body : opts.body;
  return new Response(body, { status: response.status, statusText: response.statusText, headers: merged });
}

/** 128 random bits, base64: a fresh one for every page. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
