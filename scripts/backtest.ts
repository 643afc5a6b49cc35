// `bun run backtest -- --data <1h folder> [--data …] --out <dir> [--symbols A,B] [--from --to YYYY-MM-DD] [--stride 6] [--retrain-days N]`: the shipped model through the live phases, or, with --retrain-days, the engine as deployed (refits every N days from --from, as the live job does).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadFolders } from "../engine/src/analysis/model/dataset";
import { ENTRY_DELAY_HOURS } from "../engine/src/analysis/model/geometry";
import { latestShipped } from "../engine/src/analysis/model/shipped";
import { runBacktest } from "../engine/src/backtest";
import { ciBlockDays } from "../engine/src/backtest/stats";
import { type CandidateRecord, type EvaluationRecord, summarise } from "../engine/src/backtest/summary";
import { reliabilitySvg } from "../engine/src/backtest/svg";
import { SELECT_DAYS } from "../engine/src/research/cv";
import { runDeployed } from "../engine/src/research/deployed";
import { GEOMETRY_GRID } from "../engine/src/research/grid";
import { buildPanel, clocksOf } from "../engine/src/research/panel";
import { FAMILIES } from "../engine/src/research/run";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", multiple: true, default: ["../shared/data/market/spot/1h"] },
    symbols: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    out: { type: "string", default: "backtest-report" },
    stride: { type: "string", default: "6" },
    "retrain-days": { type: "string" },
    "select-days": { type: "string", default: String(SELECT_DAYS) },
    "min-train-evals": { type: "string" },
  },
});
const date = (s: string | undefined) => (s === undefined ? undefined : Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s));
const from = date(values.from);
const to = date(values.to);
const stride = Number(values.stride);
const retrain = values["retrain-days"] === undefined ? undefined : Number(values["retrain-days"]);
const usage =
  "usage: bun run backtest -- --data <folder> --out <dir> [--symbols BTCUSDT,ETHUSDT] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--stride hours] [--retrain-days N]";
if (
  (from !== undefined && Number.isNaN(from)) ||
  (to !== undefined && Number.isNaN(to)) ||
  !(stride >= 1) ||
  (retrain !== undefined && !(retrain >= 1 && from !== undefined))
) {
  console.error(retrain !== undefined && from === undefined ? `--retrain-days needs --from\n${usage}` : usage);
  process.exit(2);
}
const folders = values.data.map((d) => resolve(process.cwd(), d));
const data = loadFolders(folders);
const only = values.symbols
  ?.split(",")
  .map((s) => s.trim().toUpperCase())
  .filter(Boolean);
if (!data.length || (only && !data.some((s) => only.includes(s.symbol)))) {
  console.error(`no candle files for ${only?.join(",") ?? "any symbol"} in ${folders.join(", ")}`);
  process.exit(2);
}
const started = performance.now();
const log = (m: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${m}`);
const blockDays = ciBlockDays(ENTRY_DELAY_HOURS + Math.max(...GEOMETRY_GRID.map((g) => g.hours)));

type Run = { evaluations: EvaluationRecord[]; candidates: CandidateRecord[]; extra: Record<string, unknown> };

async function shipped(): Promise<Run> {
  let lastPrint = 0;
  const r = await runBacktest(
    data.map((d) => ({ symbol: d.symbol, h1: d.h1, funding: d.funding, m5: d.m5, perpSince: d.perpSince })),
    {
      strideHours: stride,
      from,
      to,
      symbols: only,
      onProgress(done, total) {
        if (performance.now() - lastPrint < 5000) return;
        lastPrint = performance.now();
        log(`backtest: ${done}/${total} clocks (${((100 * done) / total).toFixed(0)}%)`);
      },
    },
  );
  const v = latestShipped();
  return { ...r, extra: { mode: "shipped", pairs: r.pairs, clocks: r.clocks, model: { version: v.version, trained_through: v.trained_through } } };
}

function deployed(): Run {
  const clocks = clocksOf(data, stride).filter((t) => to === undefined || t < to);
  const panel = buildPanel(data, clocks, GEOMETRY_GRID, log);
  log(`panel: ${panel.evals} evaluations of ${panel.symbols.length} pairs`);
  const r = runDeployed(
    panel,
    FAMILIES,
    {
      from: from!,
      retrainDays: retrain!,
      blockDays,
      selectDays: Number(values["select-days"]),
      symbols: only ? new Set(only) : undefined,
      minTrainEvals: values["min-train-evals"] ? Number(values["min-train-evals"]) : undefined,
    },
    { folders: values.data, stride, blockDays },
    log,
  );
  return { evaluations: r.evaluations, candidates: r.candidates, extra: { mode: "deployed", retrain_days: retrain, models: r.models } };
}

const run = retrain === undefined ? await shipped() : deployed();
const { summary, details } = summarise(run.evaluations, run.candidates, { blockDays });
const outDir = resolve(process.cwd(), values.out);
mkdirSync(outDir, { recursive: true });
const models = run.extra.models as { version: string; trained_through: string; from: string; to: string }[] | undefined;
writeFileSync(join(outDir, "summary.json"), `${JSON.stringify({ ...summary, ...(models ? { models } : {}) }, null, 2)}\n`);
writeFileSync(join(outDir, "details.json"), `${JSON.stringify({ ...details, ...run.extra, stride_hours: stride, data: values.data }, null, 2)}\n`);
writeFileSync(join(outDir, "evaluations.json"), `${JSON.stringify(run.evaluations)}\n`);
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
log(`summary: ${JSON.stringify({ ...summary, by_month: undefined })}`);
log(`written to ${outDir}`);
