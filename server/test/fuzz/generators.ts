// Arbitraries for the bad-input fuzz suite: hostile strings, credentials, cookies, headers, client addresses, paths and queries.
import fc from "fast-check";
import { isValidEmail } from "@core/rules/accounts";
import { isSupportedSymbol } from "@core/market/symbols";
import type { TokenSet } from "./tokens";

/** The subset of TypeBox's JSON schema the route models use (t.Object, t.String, t.Boolean, t.Nullable, ...). */
export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
};

export type RouteInfo = { method: string; path: string; body?: Schema; query?: Schema };

export type Body = string | Uint8Array<ArrayBuffer> | FormData;

/** One generated request. `ip: "fresh"` asks the sender for an address no earlier request used. */
export type FuzzRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Body;
  ip: string;
  /** The body breaks the route's own schema and is sent as JSON to that route: the answer must be a 4xx. */
  mustReject: boolean;
};

/** The password of the suite's signed-in user: body strings never equal it, so change-password never succeeds. */
export const USER_PASSWORD = "Fuzz-Password1!";

/**
 * Values the product accepts as real: a deliverable-looking address (send-code, contact form), a supported pair
 * (analysis start, favorites) or the user's password. Body strings exclude them, so a schema-valid body is still bad
 * input and no handler may legitimately write. Paths and queries keep them (e.g. a lower-case pair): those routes only read or delete.
 */
export const legitimate = (s: string) => isValidEmail(s) || (s.length < 64 && isSupportedSymbol(s.trim().toUpperCase())) || s === USER_PASSWORD;

const MB = 1024 * 1024;
/** 1 MB strings: ASCII, two-byte UTF-8, path climbing, NUL bytes. */
const HUGE = ["x".repeat(MB), "é".repeat(MB / 2), "../".repeat(Math.floor(MB / 3)), "\u0000".repeat(MB)];
/** Over every field's maxLength yet under the 64 KB body cap: the schema, not the cap, must refuse them. */
const LONG = ["a".repeat(60_000), "😀".repeat(15_000)];
const ODD = [
  "",
  " ",
  "\t",
  "\r\n",
  "../",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "\u0000",
  "a\u0000b",
  "%",
  "%E0%A4%A",
  "%zz",
  "%2e%2e%2f",
  "null",
  "undefined",
  "true",
  "false",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "-0",
  "1.5",
  "1e309",
  "0x1F",
  "9007199254740993",
  "99999999999999999999999",
  "' OR '1'='1",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  "${7*7}",
  "\u202eevil",
  "\u200b",
  "\ufeff",
  "😀",
  "𝕏𝕐",
  "e\u0301",
  "İ",
  "ß",
  "\ud800",
  "\udfff\ud800",
  "btcusdt",
  " BTCUSDT ",
  "user@example.com",
  "a@b",
  "@",
  "a@@b.c",
  "__proto__",
  "constructor",
];

/** Characters that break naive storage, parsing or display, planted inside ordinary text. */
const POISON = ["\u0000", "\ud800", "\udc00", "\u202e", "\ufffe", "\r\n", "\\", "'", '"', "%00", "%", "../", "\u2028", "😀"];

/** Any string up to 60 000 characters, including strings the product would accept. */
const boundedText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 4, arbitrary: fc.constantFrom(...ODD) },
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...POISON), fc.string({ maxLength: 8 })).map((p) => p.join("")) },
  { weight: 1, arbitrary: fc.nat({ max: 300 }).map((n) => "b".repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG) },
);

/** Any string, 1 MB ones included (for paths, queries and headers). */
export const anyText: fc.Arbitrary<string> = fc.oneof({ weight: 15, arbitrary: boundedText }, { weight: 1, arbitrary: fc.constantFrom(...HUGE) });

/** Percent-encodes what can be encoded; lone surrogates become U+FFFD first (encodeURIComponent throws on them). */
export const encode = (s: string) => encodeURIComponent(s.toWellFormed());

/** `anyText` percent-encoded; the 1 MB strings are encoded once, not per request. */
export const encodedText: fc.Arbitrary<string> = fc.oneof(
  { weight: 15, arbitrary: boundedText.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE.map(encode)) },
);

/** Strings for bodies: never a value the product would accept (see `legitimate`). */
export const badText = anyText.filter((s) => !legitimate(s));

/** Header values: Latin-1 without control characters (the Fetch API refuses anything else), up to 1 MB. */
const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((c) => String.fromCharCode(c));
export const headerText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: headerChar, maxLength: 60 }) },
  { weight: 2, arbitrary: fc.constantFrom("", "null", "../", "%00", "%E0%A4%A", "=", ";", ",", '"', "Bearer", "é".repeat(3)) },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(MB), "=".repeat(10_000)) },
);

/** A path parameter: encoded garbage, or raw sequences a router might misread (dot segments, bad escapes, NUL). */
const RAW_SEGMENTS = [
  "..",
  ".",
  "../..",
  "..%2f..%2f",
  "%2e%2e",
  "%2F",
  "%00",
  "%",
  "%E0%A4%A",
  "%zz",
  "%u0041",
  "btcusdt",
  "BTCUSDT",
  "-1",
  "0",
  "1.5",
  "1e999",
  "9223372036854775808",
  "2147483648",
  "NaN",
  "%20",
  "0x10",
  "null",
  "@",
  "~",
  ";",
  "a;b=c",
  "*",
  "%2a",
];
const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: encodedText },
  { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** The route's path with every `:param` and `*` replaced by hostile segments. */
export function pathArb(template: string): fc.Arbitrary<string> {
  const parts = template.split("/");
  const filled = parts.map((p) =>
    p === "*" ? fc.array(segment, { maxLength: 3 }).map((s) => s.join("/")) : p.startsWith(":") ? segment : fc.constant(p),
  );
  return fc.tuple(...filled).map((ps) => ps.join("/"));
}

/** A query string: the route's own keys and random ones, repeated, unvalued, with odd or broken escapes. */
export function queryArb(schema?: Schema): fc.Arbitrary<string> {
  const known = Object.keys(schema?.properties ?? {});
  const key = known.length ? fc.oneof(fc.constantFrom(...known), encodedText) : encodedText;
  const value = fc.oneof(encodedText, fc.constantFrom(...RAW_SEGMENTS), fc.integer().map(String));
  const part = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: key },
    { weight: 1, arbitrary: fc.constantFrom("", "=", "==x", "&", "%", "a[b]=1", "a[]=1&a[]=2", "__proto__[x]=1") },
  );
  return fc.array(part, { maxLength: 4 }).map((ps) => (ps.length ? `?${ps.join("&")}` : ""));
}

/** The Authorization header: the valid token (to reach validation behind auth), none, forged ones, or garbage. */
export function authorizationArb(tokens: TokenSet): fc.Arbitrary<string | undefined> {
  const forged = Object.values(tokens.forged);
  const scheme = fc.constantFrom("Bearer ", "bearer ", "BEARER\t", "Bearer  ", "Basic ", "Token ", "", "Bearer");
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(`Bearer ${tokens.valid}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: fc.constantFrom(...forged).map((t) => `Bearer ${t}`) },
    { weight: 1, arbitrary: fc.tuple(scheme, fc.oneof(headerText, fc.constantFrom(tokens.valid, ...forged))).map(([s, t]) => s + t) },
  );
}

/** The app's cookies (refresh, pending sign-in, device trust, and their production names) with forged values, or raw junk. */
const COOKIE_NAMES = ["tw_refresh", "tw_pending", "tw_device", "__Secure-tw_refresh", "__Secure-tw_device", "session", "__proto__"];
export function cookieArb(tokens: TokenSet): fc.Arbitrary<string | undefined> {
  const value = fc.oneof(headerText, fc.constantFrom(tokens.valid, ...Object.values(tokens.forged)), encodedText);
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...COOKIE_NAMES), headerText), value).map(([n, v]) => `${n}=${v}`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 3 }).map((ps) => ps.join("; ")) },
    { weight: 1, arbitrary: fc.constantFrom("=", ";;;", "tw_refresh", "tw_refresh=a; tw_refresh=b", "tw_refresh=%E0%A4%A", "=tw_refresh") },
    { weight: 1, arbitrary: headerText },
  );
}

/** Other request headers a client controls, with hostile values. */
const HEADER_NAMES = [
  "idempotency-key",
  "origin",
  "accept",
  "user-agent",
  "accept-language",
  "referer",
  "content-encoding",
  "x-http-method-override",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-real-ip",
  "forwarded",
  "if-none-match",
  "range",
];
export const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc
  .array(fc.tuple(fc.constantFrom(...HEADER_NAMES), headerText), { maxLength: 3 })
  .map((pairs) => Object.fromEntries(pairs));

/** Mostly a fresh client address (so per-IP limits do not turn everything into 429), sometimes a forged or broken one. */
export const ipArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 9, arbitrary: fc.constant("fresh") },
  {
    weight: 1,
    arbitrary: fc.oneof(headerText, fc.constantFrom("127.0.0.1", "::1", "0.0.0.0", "1.2.3.4, 127.0.0.1", "unknown", "999.1.1.1", "::ffff:10.0.0.1")),
  },
);
