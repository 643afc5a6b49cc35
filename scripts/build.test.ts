// The production web build: the landing page's JavaScript under its gzip budget with the dashboard split off, and
// web/dist as `bun run build` writes it (brotli and gzip copies beside each file) read back byte for byte.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { LANDING_JS_GZIP_BUDGET, webSize } from "../load-tests/harness/web-size";
import { readWebDist } from "../server/src/lib/security-headers-web";
import { writeWebDist } from "./build";

const scratch = mkdtempSync(join(tmpdir(), "tw-build-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("the landing page loads under 150 KB of gzipped JavaScript and the dashboard is a chunk of its own", async () => {
  const size = await webSize();
  expect(size.landing_js_gzip).toBeGreaterThan(0);
  expect(size.landing_js_gzip).toBeLessThan(LANDING_JS_GZIP_BUDGET);
  expect(size.dashboard_on_demand).toBe(true);
  expect(size.dashboard_extra_js_gzip).toBeGreaterThan(0);
}, 60_000);

test("bun run build writes every file with its compressed copies, and the server reads them back as they were", async () => {
  const dist = join(scratch, "dist");
  const written = await writeWebDist(dist);
  const names = readdirSync(dist);
  expect(names).toContain("index.html");
  expect(names.some((n) => n.endsWith(".js.br")) && names.some((n) => n.endsWith(".js.gz"))).toBe(true);
  const web = await readWebDist(dist);
  expect(web.files.size).toBe(written.files);
  const [path, script] = [...web.files].find(([p]) => p.endsWith(".js") && web.files.get(p)!.body.raw.byteLength > 100_000)!;
  expect(script.type).toContain("javascript");
  expect(new Uint8Array(brotliDecompressSync(await script.body.encoded.br!))).toEqual(script.body.raw);
  expect(new Uint8Array(gunzipSync(await script.body.encoded.gzip!))).toEqual(script.body.raw);
  expect(path.startsWith("/chunk-")).toBe(true);
  // Every copy's read was started by readWebDist; all must finish before afterAll deletes the folder under them.
  await Promise.all([...web.files.values()].flatMap((file) => Object.values(file.body.encoded)));
}, 60_000);
