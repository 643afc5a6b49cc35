// `bun run backtest -- --data <1h folder> [--data …] --out <dir> [--symbols A,B] [--from --to YYYY-MM-DD] [--stride 6]`: summary with the gate, details also without.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadFolders } from "../engine/src/analysis/model/dataset";
import { modelParams } from "../engine/src/analysis/phases";
import { runBacktest } from "../engine/src/backtest";
import { summarise } from "../engine/src/backtest/summary";
import { reliabilitySvg } from "../engine/src/backtest/svg";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", multiple: true, default: ["../shared/data/market/spot/1h"] },
    symbols: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    out: { type: "string", default: "backtest-report" },
    stride: { type: "string", default: "6" },
  },
});
const date = (s: string | undefined) => (s === undefined ? undefined : Date.parse(s.length === 10 ? s + "T00:00:00Z" : s));
const from = date(values.from);
const to = date(values.to);
const stride = Number(values.stride);
if ((from !== undefined && Number.isNaN(from)) || (to !== undefined && Number.isNaN(to)) || !(stride >= 1)) {
  console.error(
    "usage: bun run backtest -- --data <folder> --out <dir> [--symbols BTCUSDT,ETHUSDT] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--stride hours]",
  );
  process.exit(2);
}
const folders = values.data.map((d) => resolve(process.cwd(), d));
const folder = folders.join(", ");
const series = loadFolders(folders).map((d) => ({ symbol: d.symbol, h1: d.h1, funding: d.funding }));
const only = values.symbols
  ?.split(",")
  .map((s) => s.trim().toUpperCase())
  .filter(Boolean);
if (!series.length || (only && !series.some((s) => only.includes(s.symbol)))) {
  console.error(`no candle files for ${only?.join(",") ?? "any symbol"} in ${folder}`);
  process.exit(2);
}
const started = performance.now();
let lastPrint = 0;
const result = await runBacktest(series, {
  strideHours: stride,
  from,
  to,
  symbols: only,
  onProgress(done, total) {
    if (performance.now() - lastPrint < 5000) return;
    lastPrint = performance.now();
    process.stderr.write(
      `backtest: ${done}/${total} clocks (${((100 * done) / total).toFixed(0)}%), ${((performance.now() - started) / 1000).toFixed(0)}s\n`,
    );
  },
});
const { summary, details } = summarise(result.evaluations, result.candidates);
const withoutGate = summarise(
  result.ungated,
  result.candidates.map((c) => ({ ...c, issued: false })),
).summary;
const outDir = resolve(process.cwd(), values.out);
mkdirSync(outDir, { recursive: true });
const params = modelParams();
writeFileSync(join(outDir, "summary.json"), JSON.stringify(summary, null, 2) + "\n");
writeFileSync(
  join(outDir, "details.json"),
  JSON.stringify(
    {
      ...details,
      without_gate: withoutGate,
      pairs: result.pairs,
      clocks: result.clocks,
      stride_hours: stride,
      data: values.data,
      model_trained: params.training,
    },
    null,
    2,
  ) + "\n",
);
writeFileSync(join(outDir, "evaluations.json"), JSON.stringify(result.evaluations) + "\n");
writeFileSync(
  join(outDir, "reliability.svg"),
  reliabilitySvg(
    [
      { name: "all candidates", color: "#2563eb", bins: details.reliability_all },
      { name: "issued signals", color: "#d97706", bins: details.reliability_issued },
    ],
    `P(take-profit first), backtest ${details.period.from.slice(0, 10)} → ${details.period.to.slice(0, 10)}`,
  ),
);
console.log(`with gate:    ${JSON.stringify(summary)}`);
console.log(`without gate: signals ${withoutGate.signals}, expectancy ${withoutGate.expectancy_r}R ${JSON.stringify(withoutGate.expectancy_r_ci)}`);
console.log(
  `${result.pairs} pairs, ${result.clocks} clocks every ${stride}h, ${((performance.now() - started) / 1000).toFixed(1)}s; written to ${outDir}`,
);
