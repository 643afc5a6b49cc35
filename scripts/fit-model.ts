// `bun run model:fit -- [--data <1h folder>] [--stride 4]`: nested walk-forward choice and final fit into params.json.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fitFinal } from "../engine/src/analysis/model/fit";
import { panelFromFolder } from "../engine/src/analysis/model/panel";
import { FIT_GRID } from "../engine/src/analysis/model/cv";

const root = resolve(import.meta.dir, "..");
const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", default: "../shared/data/market/spot/1h" },
    stride: { type: "string", default: "4" },
    out: { type: "string", default: join(root, "engine/src/analysis/model/params.json") },
  },
});
const stride = Number(values.stride);
if (!(stride >= 1)) {
  console.error("usage: bun run model:fit -- [--data <folder>] [--stride hours] [--out params.json]");
  process.exit(2);
}
const started = performance.now();
const log = (m: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${m}`);
const panel = panelFromFolder(resolve(process.cwd(), values.data), stride, log);
const params = fitFinal(panel, values.data, stride, log, { lambdas: FIT_GRID.lambdas });
writeFileSync(values.out, JSON.stringify(params, null, 2) + "\n");
log(`wrote ${values.out}`);
