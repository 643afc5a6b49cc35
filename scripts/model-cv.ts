// `bun run model:cv -- [--data <1h folder>]… --out <dir> [--stride 6] [--families gbdt,softmax] [--track-record f] [--history f] [--params f]`: v3 purged quarterly walk-forward over every era; writes cv.json, details and charts.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { GEOMETRY_GRID } from "../engine/src/research/grid";
import { runCv, SELECT_DAYS } from "../engine/src/research/cv";
import { fitFinal } from "../engine/src/research/fit";
import { familyReport, signalRateCurve } from "../engine/src/research/report";
import { DEFAULT_FOLDERS, FAMILIES, researchRun } from "../engine/src/research/run";
import { MIN_TRAIN_EVALS } from "../engine/src/research/walkforward";
import { summarise, trackRecord } from "../engine/src/backtest/summary";
import { blockBootstrapMean } from "../engine/src/backtest/stats";
import { buildSetupHistory } from "../engine/src/analysis/model/history";
import { reliabilitySvg, curveSvg } from "../engine/src/backtest/svg";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", multiple: true, default: DEFAULT_FOLDERS },
    out: { type: "string", default: "cv-report" },
    stride: { type: "string", default: "6" },
    families: { type: "string", default: "gbdt,softmax" },
    "track-record": { type: "string" },
    // Also refit the chosen model on every row into this params file (what model:fit does, without walking forward twice).
    params: { type: "string" },
    history: { type: "string" },
    // Small folders (tests, a quick look) need shorter histories than the defaults.
    "select-days": { type: "string", default: String(SELECT_DAYS) },
    "min-train-evals": { type: "string", default: String(MIN_TRAIN_EVALS) },
  },
});
const stride = Number(values.stride);
const names = values.families.split(",");
const selectDays = Number(values["select-days"]);
const minTrain = Number(values["min-train-evals"]);
if (!(stride >= 1) || !FAMILIES.some((f) => names.includes(f.name)) || !(selectDays >= 1) || !(minTrain >= 1)) {
  console.error("usage: bun run model:cv -- [--data <folder>]… --out <dir> [--stride hours] [--families gbdt,softmax]");
  process.exit(2);
}
const started = performance.now();
const log = (m: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${m}`);
const { panel, combos, families } = researchRun(values.data, stride, names, log, minTrain);
const cv = runCv(panel, combos, log, selectDays);
const { summary, details } = summarise(cv.evaluations, cv.candidates);
const perFamily = families.map((f) => familyReport(panel, combos, f.name, selectDays));
const outDir = resolve(process.cwd(), values.out);
mkdirSync(outDir, { recursive: true });
const curve = signalRateCurve(cv.evaluations);
const folds = cv.folds.map((f) => ({
  quarter: f.quarter,
  family: f.choice.family,
  geometry: panel.geometries[f.choice.g],
  tau: f.choice.tau,
  inner: f.choice.inner,
  considered: f.considered,
  decisions: f.decisions,
}));
writeFileSync(join(outDir, "cv.json"), `${JSON.stringify(summary, null, 2)}\n`);
writeFileSync(
  join(outDir, "cv-details.json"),
  `${JSON.stringify({ ...details, families: perFamily, folds, curve, data: values.data, stride_hours: stride, pairs: panel.symbols.length, geometries: GEOMETRY_GRID }, null, 2)}\n`,
);
writeFileSync(
  join(outDir, "reliability.svg"),
  reliabilitySvg(
    [
      { name: `all candidates (ECE ${summary.ece_all})`, color: "#2563eb", bins: details.reliability_all },
      { name: `issued signals (ECE ${summary.ece_issued})`, color: "#d97706", bins: details.reliability_issued },
    ],
    `P(TP first), out of fold, ${details.period.from.slice(0, 7)} → ${details.period.to.slice(0, 7)}`,
  ),
);
writeFileSync(
  join(outDir, "signal-rate.svg"),
  curveSvg(
    [{ name: "mean net R of the top share by shrunk EV (95% day-block CI)", color: "#2563eb", points: curve }],
    "Signal rate against mean R, out of fold",
    {
      xLabel: "signals per analysis",
      yLabel: "mean R after costs",
      markers: [{ x: summary.signal_rate, label: `shipped bar: ${(summary.signal_rate * 100).toFixed(1)}%` }],
    },
  ),
);
if (values["track-record"]) {
  const file = resolve(process.cwd(), values["track-record"]);
  const source = `bun run model:cv -- ${values.data.map((d) => `--data ${d}`).join(" ")} --stride ${stride}`;
  writeFileSync(file, `${JSON.stringify(trackRecord(summary, details, source, panel.symbols.length), null, 2)}\n`);
  log(`track record written to ${file}`);
}
if (values.history) {
  const boot = (r: number[], days: number[]) => blockBootstrapMean(r, days, { iterations: 300 });
  writeFileSync(resolve(process.cwd(), values.history), `${JSON.stringify(buildSetupHistory(cv.history, boot))}\n`);
  log(`setup history written to ${values.history}`);
}
if (values.params) {
  const file = resolve(process.cwd(), values.params);
  writeFileSync(file, `${JSON.stringify(fitFinal(panel, combos, families, { folders: values.data, stride }, log, selectDays))}\n`);
  log(`params written to ${file}`);
}
log(`summary: ${JSON.stringify(summary)}`);
log(`written to ${outDir}`);
