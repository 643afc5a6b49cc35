// `bun run model:fit [--data <1h folder>] [--train-end 2024-06-01] [--calib-end 2024-08-01] [--stride 4]`: walk-forward fit of the signal model into params.json.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fitWalkForward } from "../engine/src/analysis/model/fit";
import { loadFolder } from "../engine/src/analysis/model/dataset";

const root = resolve(import.meta.dir, "..");
const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", default: "../shared/data/market/spot/1h" },
    "train-end": { type: "string", default: "2024-06-01" },
    "calib-end": { type: "string", default: "2024-08-01" },
    stride: { type: "string", default: "4" },
    out: { type: "string", default: join(root, "engine/src/analysis/model/params.json") },
  },
});

const folder = resolve(root, values.data);
const stride = Number(values.stride);
const trainEnd = Date.parse(values["train-end"] + "T00:00:00Z");
const calibEnd = Date.parse(values["calib-end"] + "T00:00:00Z");
if (!(stride >= 1) || Number.isNaN(trainEnd) || Number.isNaN(calibEnd) || calibEnd <= trainEnd) {
  console.error("usage: bun run model:fit [--data <folder>] [--train-end YYYY-MM-DD] [--calib-end YYYY-MM-DD] [--stride hours]");
  process.exit(2);
}

console.log(`loading ${folder}`);
const data = loadFolder(folder);
const { params, report } = fitWalkForward(data, { trainEnd, calibEnd, strideHours: stride, folderLabel: values.data, log: (m) => console.log(m) });
writeFileSync(values.out, JSON.stringify(params, null, 2) + "\n");
console.log(report);
console.log(`wrote ${values.out}`);
