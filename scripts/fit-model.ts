// `bun run model:fit -- [--data <1h folder>]… [--stride 6] [--families gbdt,softmax] [--out params.json]`: the walk-forward's choice made after the last row, refitted on every row.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fitFinal } from "../engine/src/research/fit";
import { DEFAULT_FOLDERS, researchRun } from "../engine/src/research/run";

const root = resolve(import.meta.dir, "..");
const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", multiple: true, default: DEFAULT_FOLDERS },
    stride: { type: "string", default: "6" },
    families: { type: "string", default: "gbdt,softmax" },
    out: { type: "string", default: join(root, "engine/src/analysis/model/params.json") },
  },
});
const stride = Number(values.stride);
if (!(stride >= 1)) {
  console.error("usage: bun run model:fit -- [--data <folder>]… [--stride hours] [--families gbdt,softmax] [--out params.json]");
  process.exit(2);
}
const started = performance.now();
const log = (m: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${m}`);
const { panel, combos, families } = researchRun(values.data, stride, values.families.split(","), log);
const params = fitFinal(panel, combos, families, { folders: values.data, stride }, log);
writeFileSync(values.out, `${JSON.stringify(params)}\n`);
log(`wrote ${values.out}`);
