// Compression: Accept-Encoding negotiation, and the running app (as main.ts serves it) answering the web bundle and
// large JSON in brotli or gzip when asked, the same bytes once decompressed, every security header kept, Vary set;
// small answers and clients that ask for nothing get identity.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { closeTestDeps, testDeps } from "../../../test/helpers";
import webApp from "../../../web/index.html";
import { createApp } from "../app";
import { MIN_COMPRESS_BYTES, negotiate } from "./compression";

describe("negotiate", () => {
  test.each([
    [null, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["GZIP;Q=1, BR;Q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*", "br"],
    ["*;q=0", null],
    ["gzip;q=0.2, *;q=0.5", "br"],
    ["deflate, zstd", null],
  ] as const)("%p → %p", (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });
});

let base = "";
let stop = () => {};
beforeAll(() => {
  const app = createApp(testDeps(), { webApp, development: false }).listen({ hostname: "127.0.0.1", port: 0, development: false } as never);
  base = `http://127.0.0.1:${app.server!.port}`;
  stop = () => app.stop(true);
});
afterAll(async () => {
  stop();
  await closeTestDeps();
});

/** Raw bytes as sent: no decompression by the client, and no Accept-Encoding unless `encoding` is given. */
async function raw(path: string, encoding?: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    decompress: false,
    headers: encoding ? { ...headers, "accept-encoding": encoding } : headers,
  } as RequestInit);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const decode = (encoding: string | null, bytes: Uint8Array) =>
  new Uint8Array(encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes);

/** The headers of a response without the ones that describe its encoding. */
function policyHeaders(res: Response) {
  const out: Record<string, string> = {};
  for (const [name, value] of res.headers) if (!["content-encoding", "content-length", "vary", "etag", "date"].includes(name)) out[name] = value;
  return out;
}

async function scriptPath() {
  const html = await (await fetch(`${base}/`)).text();
  return html.match(/<script[^>]+src="([^"]+)"/)![1];
}

describe("served compressed", () => {
  test("the script bundle comes back as brotli or gzip as asked, the same bytes decompressed, with the CSP and Vary", async () => {
    const path = await scriptPath();
    const identity = await raw(path);
    expect(identity.res.headers.get("content-encoding")).toBeNull();
    expect(identity.res.headers.get("vary")).toBe("Accept-Encoding");
    for (const encoding of ["br", "gzip"]) {
      const { res, bytes } = await raw(path, encoding);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(policyHeaders(res)).toEqual(policyHeaders(identity.res));
      expect(bytes.byteLength).toBeLessThan(identity.bytes.byteLength / 2);
      expect(decode(encoding, bytes)).toEqual(identity.bytes);
      // Each encoding is its own representation: its own ETag, and a revalidation with it is a 304 with the headers.
      const etag = res.headers.get("etag")!;
      expect(etag).not.toBe(identity.res.headers.get("etag"));
      const again = await raw(path, encoding, { "if-none-match": etag });
      expect(again.res.status).toBe(304);
      expect(again.res.headers.get("content-security-policy")).toContain("default-src 'self'");
    }
  }, 60_000);

  // Large JSON answers with nothing to seed (lib tests may not use a module's rows): the public track record and the
  // OpenAPI document. Both are exact paths, the kind Bun's own router would take past the compression.
  test.each(["/api/public/track-record", "/api/docs/json"])(
    "%s is compressed with every header kept; small answers and clients that ask for nothing get identity",
    async (path) => {
      const none = await raw(path);
      expect(none.res.status).toBe(200);
      expect(none.bytes.byteLength).toBeGreaterThan(MIN_COMPRESS_BYTES);
      expect(none.res.headers.get("content-encoding")).toBeNull();
      // The CORS plugin echoes the request's header names, so the comparisons send the same ones.
      const identity = await raw(path, "identity");
      expect(identity.res.headers.get("content-encoding")).toBeNull();
      expect(identity.bytes).toEqual(none.bytes);
      for (const encoding of ["br", "gzip"]) {
        const { res, bytes } = await raw(path, encoding);
        expect(res.headers.get("content-encoding")).toBe(encoding);
        expect(res.headers.get("vary")).toContain("Accept-Encoding");
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(policyHeaders(res)).toEqual(policyHeaders(identity.res));
        expect(decode(encoding, bytes)).toEqual(identity.bytes);
      }
      const small = await raw("/api/health", "br, gzip");
      expect(small.bytes.byteLength).toBeLessThan(MIN_COMPRESS_BYTES);
      expect(small.res.headers.get("content-encoding")).toBeNull();
      expect(JSON.parse(new TextDecoder().decode(small.bytes))).toEqual({ status: "ok" });
      expect(small.res.headers.get("content-security-policy")).toContain("default-src 'self'");
    },
  );

  test("a file not in the build is a 404, never the page", async () => {
    const { res } = await raw("/chunk-missing.js", "br");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
