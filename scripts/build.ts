// `bun run build`: the web app bundled for production into web/dist (code split per route, minified), every text file
// with brotli (.br) and gzip (.gz) copies beside it at the highest levels; the production server serves these as they
// are (server/src/lib/security-headers-web.ts), without bundling or compressing anything itself.
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { compress, ENCODING_SUFFIX, ENCODINGS, worthCompressing } from "../server/src/lib/compression";
import { buildWeb } from "../server/src/lib/security-headers-web";

const ROOT = join(import.meta.dir, "..");
export const WEB_INDEX = join(ROOT, "web", "index.html");
export const WEB_DIST = join(ROOT, "web", "dist");

/** Writes the build next to `outdir` first and swaps it in, so a server reading web/dist never sees half of one. */
export async function writeWebDist(outdir = WEB_DIST): Promise<{ files: number; bytes: number; compressedBytes: number }> {
  const web = await buildWeb(WEB_INDEX);
  const staging = `${outdir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  let bytes = 0;
  let compressedBytes = 0;
  await Promise.all(
    [...web.files].map(async ([path, file]) => {
      const target = join(staging, path);
      await Bun.write(target, file.body.raw);
      bytes += file.body.raw.byteLength;
      if (!worthCompressing(file.type, file.body.raw.byteLength)) return;
      for (const encoding of ENCODINGS) {
        const copy = await compress(file.body.raw, encoding, "build");
        await Bun.write(target + ENCODING_SUFFIX[encoding], copy);
        if (encoding === "br") compressedBytes += copy.byteLength;
      }
    }),
  );
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
  return { files: web.files.size, bytes, compressedBytes };
}

if (import.meta.main) {
  const t0 = performance.now();
  const { files, bytes, compressedBytes } = await writeWebDist();
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(
    `web/dist: ${files} files, ${kb(bytes)} (text files as brotli: ${kb(compressedBytes)}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
