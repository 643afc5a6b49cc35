// `bun run backtest --data <1h folder> [--symbols A,B] [--from --to YYYY-MM-DD] [--out dir] [--stride 6] [--seed 7] [--track-record file]`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BENCHMARK_SYMBOL, runBacktest } from "../engine/src/backtest";
import { cumulativeRSvg } from "../engine/src/backtest/chart";
import { loadFolder } from "../engine/src/analysis/model/dataset";
import { modelParams } from "../engine/src/analysis/phases";

const root = resolve(import.meta.dir, "..");
const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", default: "../shared/data/market/spot/1h" },
    symbols: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    out: { type: "string", default: "backtest-report" },
    stride: { type: "string", default: "6" },
    seed: { type: "string", default: "7" },
    "track-record": { type: "string" },
  },
});

const date = (s: string | undefined) => (s === undefined ? undefined : Date.parse(s.length === 10 ? s + "T00:00:00Z" : s));
const from = date(values.from);
const to = date(values.to);
const stride = Number(values.stride);
const seed = Number(values.seed);
if ((from !== undefined && Number.isNaN(from)) || (to !== undefined && Number.isNaN(to)) || !(stride >= 1) || !Number.isInteger(seed)) {
  console.error("usage: bun run backtest --data <folder> [--symbols BTCUSDT,ETHUSDT] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out dir] [--stride hours] [--seed n]");
  process.exit(2);
}
const folder = resolve(root, values.data);
const only = values.symbols?.split(",").map((s) => s.trim().toUpperCase()).filter(Boolean);
const all = loadFolder(folder);
const btc = all.find((d) => d.symbol === BENCHMARK_SYMBOL)?.h1 ?? [];
const data = only ? all.filter((d) => only.includes(d.symbol)) : all;
if (!data.length) {
  console.error(`no candle files for ${only?.join(",") ?? "any symbol"} in ${folder}`);
  process.exit(2);
}

const report = runBacktest(data, btc, { strideHours: stride, from, to, seed });
const outDir = resolve(process.cwd(), values.out);
mkdirSync(outDir, { recursive: true });
const { trades, baseline_trades, ...summary } = report;
const params = modelParams();
const withModel = { ...summary, model_fit: { training: params.training, calibration_period: params.calibration_period }, data: values.data };
writeFileSync(join(outDir, "summary.json"), JSON.stringify(withModel, null, 2) + "\n");
writeFileSync(join(outDir, "trades.json"), JSON.stringify({ trades, baseline_trades }) + "\n");
writeFileSync(
  join(outDir, "cumulative-r.svg"),
  cumulativeRSvg(
    [
      { name: "model", color: "#1f6feb", trades },
      { name: "random direction (same stops)", color: "#999999", trades: baseline_trades.random_direction },
      { name: "always long (same stops)", color: "#d97706", trades: baseline_trades.always_long },
    ],
    `Cumulative R after fees, ${report.period.from.slice(0, 10)} → ${report.period.to.slice(0, 10)}, ${report.symbols} pairs, every ${stride}h`,
  ),
);

if (values["track-record"]) {
  const m = report.model;
  const track = {
    source: `bun run backtest --data ${values.data}${values.from ? ` --from ${values.from}` : ""}${values.to ? ` --to ${values.to}` : ""} --stride ${stride} --seed ${seed}`,
    out_of_sample: `model trained ${params.training.from} → ${params.training.to}, calibrated ${params.calibration_period.from} → ${params.calibration_period.to}; this period was used for neither`,
    period: report.period,
    pairs: report.symbols,
    stride_hours: stride,
    evaluations: report.evaluations,
    signals: m.trades,
    sample_size: m.trades,
    // Signals cluster in time (one market move can trigger many pairs at once), so say on how many days they fell.
    signal_days: new Set(trades.map((t) => new Date(t.t).toISOString().slice(0, 10))).size,
    signals_by_side: { LONG: trades.filter((t) => t.type === "LONG").length, SHORT: trades.filter((t) => t.type === "SHORT").length },
    open_excluded: report.open,
    no_trade_rate: report.no_trade_rate,
    win_rate: m.win_rate,
    tp_hit_rate: m.trades ? Math.round((m.tp_hit / m.trades) * 10000) / 10000 : 0,
    expectancy_r: m.expectancy_r,
    total_r: m.total_r,
    profit_factor: m.profit_factor,
    max_drawdown_r: m.max_drawdown_r,
    fees: "0.1% taker per side, included",
    baselines: {
      random_direction: { win_rate: report.baselines.random_direction.win_rate, expectancy_r: report.baselines.random_direction.expectancy_r },
      always_long: { win_rate: report.baselines.always_long.win_rate, expectancy_r: report.baselines.always_long.expectancy_r },
    },
    calibration: report.calibration,
  };
  writeFileSync(resolve(root, values["track-record"]), JSON.stringify(track, null, 2) + "\n");
}

const b = report.baselines;
console.log(`period ${report.period.from} → ${report.period.to}, ${report.symbols} pairs, ${report.evaluations} evaluations every ${stride}h`);
console.log(`model:  ${JSON.stringify(report.model)}`);
console.log(`random: ${JSON.stringify(b.random_direction)}`);
console.log(`long:   ${JSON.stringify(b.always_long)}`);
console.log(`NO_TRADE rate ${report.no_trade_rate}, open (excluded) ${report.open}`);
console.log(`calibration: ${JSON.stringify(report.calibration)}`);
console.log(`reasons: ${JSON.stringify(report.no_trade_reasons)}`);
console.log(`report written to ${outDir}`);
