// Lint rule json-at-the-edge (issue 32): the web handles unknown JSON only in its decoders. Under web/src of the current
// folder, a file other than a decoder (decode-*.ts), the decoders' primitives (lib/decode.ts) or the request layer
// (lib/api*.ts) may not call .json() or JSON.parse, nor import lib/decode; tests are exempt (they feed decoders raw JSON).
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";

const WEB = "web/src";
const DECODE = resolve(WEB, "lib/decode");

const exempt = (rel: string) =>
  /\.test\.tsx?$/.test(rel) || basename(rel).startsWith("decode-") || rel === `${WEB}/lib/decode.ts` || /^web\/src\/lib\/api[^/]*\.ts$/.test(rel);

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(e.name)) yield path;
  }
}

/** `.json()`, `JSON.parse` and imports of lib/decode (by alias or relative path), one finding per line. */
export function findings(file: string, text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    if (/\.json\(\s*\)/.test(line)) out.push(`${at} calls .json()`);
    if (/\bJSON\.parse\b/.test(line)) out.push(`${at} calls JSON.parse`);
    const spec = line.match(/from\s+["']([^"']+)["']/)?.[1];
    const target = spec?.startsWith(".") ? resolve(dirname(file), spec) : spec === "@web/lib/decode" ? DECODE : null;
    if (target === DECODE || target === `${DECODE}.ts`) out.push(`${at} imports lib/decode`);
  });
  return out;
}

if (import.meta.main) {
  const errors: string[] = [];
  for (const path of sources(WEB)) {
    const rel = relative(process.cwd(), path);
    if (!exempt(rel)) errors.push(...findings(rel, readFileSync(path, "utf8")));
  }
  for (const e of errors) console.error(`error json-at-the-edge: ${e} outside a decoder (web/src/**/decode-*.ts)`);
  console.log(`json-at-the-edge: ${errors.length} finding(s)`);
  process.exit(errors.length ? 1 : 0);
}
