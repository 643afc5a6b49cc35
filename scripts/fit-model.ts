// `bun run model:fit -- [--data <1h folder>] [--stride 4]`: nested walk-forward choice and final fit into params.json.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadFolder } from "../engine/src/analysis/model/dataset";
import { fitFinal } from "../engine/src/analysis/model/fit";
import { buildPanel, clockGrid } from "../engine/src/analysis/model/panel";
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
const data = loadFolder(resolve(process.cwd(), values.data)).map((d) => ({ symbol: d.symbol, h1: d.h1 }));
const first = Math.min(...data.map((d) => d.h1[0]?.t ?? Infinity));
const last = Math.max(...data.map((d) => d.h1.at(-1)?.t ?? 0));
const panel = buildPanel(data, clockGrid(first, last, stride), FIT_GRID.ks, FIT_GRID.ms);
log(`panel: ${panel.n} rows`);
const params = fitFinal(panel, values.data, stride, log, { lambdas: FIT_GRID.lambdas });
writeFileSync(values.out, JSON.stringify(params, null, 2) + "\n");
log(`wrote ${values.out}`);
