// Content-Encoding for answers: negotiation on Accept-Encoding (brotli preferred, then gzip), compression of JSON and
// page answers above a size threshold per request, and a cache of compressed copies for the static web bundles.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { namesTag } from "./etag";

export type Encoding = "br" | "gzip";
/** Bytes backed by a plain ArrayBuffer: what a Response body accepts. */
export type Bytes = Uint8Array<ArrayBuffer>;
/** In order of preference when the client accepts both equally: brotli answers are smaller. */
export const ENCODINGS: readonly Encoding[] = ["br", "gzip"];

/** Below this a compressed answer saves less than its headers and the CPU cost; such answers go out as they are. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The encoding to answer with (RFC 9110 §12.5.3), or null for identity: q-values are honoured (q=0 refuses), `*`
 * stands for every coding not named, x-gzip for gzip; ties go to brotli.
 */
export function negotiate(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === "x-gzip" ? "gzip" : name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/**
 * Per-request answers are compressed on the server's one JavaScript thread, so they get the fastest levels: brotli 1
 * and gzip 1 take 15-35 µs for a 20-35 KB page of rows and still shrink it 10-20 times; brotli 4 saves another fifth
 * of a kilobyte at two to three times the CPU, which showed as lost throughput in the polling benchmark. Static
 * bundles are compressed once, so they get the smallest output the time allows: brotli 11 when built ahead
 * (`bun run build`), 9 when compressed by the running server on first request (11 takes seconds per large chunk).
 */
const QUALITY = { dynamic: { br: 1, gzip: 1 }, runtime: { br: 9, gzip: 9 }, build: { br: 11, gzip: 9 } } as const;
export type Effort = keyof typeof QUALITY;

const options = (encoding: Encoding, effort: Effort, size: number) =>
  encoding === "br"
    ? { params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY[effort].br, [constants.BROTLI_PARAM_SIZE_HINT]: size } }
    : { level: QUALITY[effort].gzip };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses on the calling thread: for the small per-request bodies, where a hop to the thread pool costs more. */
export function compressSync(body: Bytes, encoding: Encoding, effort: Effort = "dynamic"): Bytes {
  return encoding === "br"
    ? brotliCompressSync(body, options("br", effort, body.byteLength))
    : gzipSync(body, options("gzip", effort, body.byteLength));
}

/** Compresses on the thread pool: large bundles never stall the event loop. */
export async function compress(body: Bytes, encoding: Encoding, effort: Effort): Promise<Bytes> {
  return encoding === "br" ? brotliAsync(body, options("br", effort, body.byteLength)) : gzipAsync(body, options("gzip", effort, body.byteLength));
}

/** Adds accept-encoding to a Vary header without dropping what it already names. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`);
}

/** Text answers worth compressing: JSON (API answers, the docs spec), HTML pages, scripts, styles, SVG. */
const COMPRESSIBLE = /^(application\/(json|[a-z.+-]+\+json|javascript)|text\/|image\/svg\+xml)/i;
export const isCompressibleType = (contentType: string | null) => COMPRESSIBLE.test(contentType ?? "");

/** Whether a static file gets compressed copies: text of at least MIN_COMPRESS_BYTES. */
export const worthCompressing = (contentType: string, bytes: number) => isCompressibleType(contentType) && bytes >= MIN_COMPRESS_BYTES;

/** The file name suffix of a precompressed copy (web/dist/chunk-….js.br). */
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * `response` compressed for `request` when it is a complete text answer of at least MIN_COMPRESS_BYTES: every header
 * it carries is kept (security headers, cache-control, CORS), Vary names Accept-Encoding and the length is dropped
 * (Bun sets the new one). Anything else (smaller, already encoded, no body, a stream such as server-sent events,
 * HEAD) is returned untouched.
 */
/** A streamed download (the CSV export) stays a stream: gzip on the fly, never the whole file in memory. */
function gzipStream(request: Request, response: Response): Response {
  if (!response.body || !/\bgzip\b/i.test(request.headers.get("accept-encoding") ?? "")) return response;
  const headers = new Headers(response.headers);
  varyOnEncoding(headers);
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export async function compressResponse(request: Request, response: Response): Promise<Response> {
  // Most polls are 304s: told apart by status alone, before the headers are read (reading them builds a Headers).
  if (response.status === 304 || response.status === 204 || request.method === "HEAD" || !response.body) return response;
  const type = response.headers.get("content-type");
  if (response.headers.has("content-encoding")) return response;
  if (!isCompressibleType(type) || /^text\/event-stream/i.test(type ?? "")) return response;
  const declared = response.headers.get("content-length");
  if (declared !== null && Number(declared) < MIN_COMPRESS_BYTES) return response;
  if (/^text\/csv/i.test(type ?? "")) return gzipStream(request, response);
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const init = { status: response.status, statusText: response.statusText, headers };
  if (body.byteLength < MIN_COMPRESS_BYTES) return new Response(body, init);
  varyOnEncoding(headers);
  const encoding = negotiate(request.headers.get("accept-encoding"));
  if (!encoding) return new Response(body, init);
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
  return new Response(compressSync(body, encoding), init);
}

/** A static body and its compressed copies, each made at most once (or read from the build) and then kept. */
export type StaticBody = {
  raw: Bytes;
  encoded: Partial<Record<Encoding, Promise<Bytes>>>;
  /** The compressed copies already made: what an answer given without awaiting can send. */
  made?: Partial<Record<Encoding, Bytes>>;
  tag?: string;
  /** Whether this body is still the answer, known without a read (a market snapshot's copy unchanged): see sharedFromMemory. */
  current?: () => boolean;
};

/** `value` as a JSON body whose compressed copies are made on first use (see sharedJson). */
export const jsonBody = (value: unknown): StaticBody => ({ raw: new TextEncoder().encode(JSON.stringify(value)), encoded: {} });

/** A shared answer's status, the headers it adds to the global ones, and its bytes (none for a 304). */
export type SharedParts = { status: 200 | 304; headers: Record<string, string>; body: Bytes | null };

/**
 * A JSON answer every caller shares until its source changes (the market reads): serialised once, each encoding
 * compressed at most once, by the same rules as compressResponse (which then leaves it as it is: it is encoded or
 * its length declared). Tagged by its content, so a poll that names the tag is answered 304 while the snapshot stands
 * (the same on every server). Undefined when the encoding asked for has not been made yet (encodedBody makes it).
 */
export function sharedParts(request: Request, body: StaticBody): SharedParts | undefined {
  body.tag ??= `"${Bun.hash(body.raw).toString(36)}"`;
  const tag = body.tag;
  const compressible = body.raw.byteLength >= MIN_COMPRESS_BYTES;
  const headers: Record<string, string> = compressible ? { etag: `W/${tag}`, vary: "Accept-Encoding" } : { etag: `W/${tag}` };
  if (namesTag(request.headers.get("if-none-match"), tag)) return { status: 304, headers, body: null };
  headers["content-type"] = "application/json;charset=utf-8";
  const encoding = compressible ? negotiate(request.headers.get("accept-encoding")) : null;
  const bytes = encoding ? body.made?.[encoding] : body.raw;
  if (!bytes) return undefined;
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(bytes.byteLength);
  return { status: 200, headers, body: bytes };
}

/** sharedParts as the route's Response, making the asked-for encoding first when it is not made yet. */
export async function sharedJson(request: Request, body: StaticBody): Promise<Response> {
  let parts = sharedParts(request, body);
  if (!parts) {
    const encoding = negotiate(request.headers.get("accept-encoding"));
    if (encoding) await encodedBody(body, encoding, "dynamic");
    parts = sharedParts(request, body)!;
  }
  return new Response(parts.body, { status: parts.status, headers: parts.headers });
}

/** The copy of `body` in `encoding`, compressed on first use; concurrent first requests share one compression. */
export function encodedBody(body: StaticBody, encoding: Encoding, effort: Effort): Promise<Bytes> {
  body.encoded[encoding] ??= compress(body.raw, encoding, effort).then((bytes) => {
    body.made = { ...body.made, [encoding]: bytes };
    return bytes;
  });
  return body.encoded[encoding];
}
