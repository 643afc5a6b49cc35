// `bun run model:cv -- [--data <1h folder>]… --out <dir> [--variant name --rule text] [--versions dir] [--track-record f] [--history f]`: v4 purged quarterly walk-forward over every era; writes cv.json, details, charts, the variant ledger and every fold's model version.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ENTRY_DELAY_HOURS } from "../engine/src/analysis/model/geometry";
import { buildSetupHistory } from "../engine/src/analysis/model/history";
import { MODEL_MAX_AGE_DAYS_DEFAULT } from "../engine/src/analysis/model/version";
import { blockBootstrapMean, blockOf, ciBlockDays } from "../engine/src/backtest/stats";
import { summarise, trackRecord } from "../engine/src/backtest/summary";
import { curveSvg, reliabilitySvg } from "../engine/src/backtest/svg";
import { type CvOptions, runCv, SELECT_DAYS } from "../engine/src/research/cv";
import { GEOMETRY_GRID } from "../engine/src/research/grid";
import { familyReport, signalRateCurve } from "../engine/src/research/report";
import { DEFAULT_FOLDERS, FAMILIES, researchRun } from "../engine/src/research/run";
import { deflated, readLedger, recordVariant } from "../engine/src/research/variants";
import { nextVersion, versionOf, writeVersions } from "../engine/src/research/versions";
import { MIN_TRAIN_EVALS } from "../engine/src/research/walkforward";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", multiple: true, default: DEFAULT_FOLDERS },
    out: { type: "string", default: "cv-report" },
    stride: { type: "string", default: "6" },
    families: { type: "string", default: "gbdt,softmax" },
    "track-record": { type: "string" },
    history: { type: "string" },
    // Every fold's model, and the fold after the data (what ships), as version files the registry is seeded from.
    versions: { type: "string" },
    // The variant ledger: each run on the working data is recorded under a name and its rule, frozen before it ran.
    variant: { type: "string", default: "unnamed" },
    rule: { type: "string", default: "" },
    ledger: { type: "string" },
    // Small folders (tests, a quick look) need shorter histories than the defaults.
    "select-days": { type: "string", default: String(SELECT_DAYS) },
    "min-train-evals": { type: "string", default: String(MIN_TRAIN_EVALS) },
    "max-age-days": { type: "string", default: String(MODEL_MAX_AGE_DAYS_DEFAULT) },
  },
});
const stride = Number(values.stride);
const names = values.families.split(",");
const selectDays = Number(values["select-days"]);
const minTrain = Number(values["min-train-evals"]);
const maxAgeDays = Number(values["max-age-days"]);
if (!(stride >= 1) || !FAMILIES.some((f) => names.includes(f.name)) || !(selectDays >= 1) || !(minTrain >= 1) || !(maxAgeDays > 0)) {
  console.error("usage: bun run model:cv -- [--data <folder>]… --out <dir> [--stride hours] [--families gbdt,softmax] [--versions dir]");
  process.exit(2);
}
const started = performance.now();
const log = (m: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${m}`);
const blockDays = ciBlockDays(ENTRY_DELAY_HOURS + Math.max(...GEOMETRY_GRID.map((g) => g.hours)));
const opts: CvOptions = { blockDays, selectDays, maxAgeDays };
const { panel, combos, families } = researchRun(values.data, stride, names, log, minTrain);
const cv = runCv(panel, combos, log, opts);
const { summary, details } = summarise(cv.evaluations, cv.candidates, { blockDays });
const outDir = resolve(process.cwd(), values.out);
mkdirSync(outDir, { recursive: true });
const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"]).stdout.toString().trim() || "unknown";
const ledgerFile = resolve(process.cwd(), values.ledger ?? join(outDir, "variants.jsonl"));
recordVariant(ledgerFile, values.variant, values.rule, commit, summary);
const ledger = readLedger(ledgerFile);
const deflation = deflated(cv.evaluations, blockDays, new Set(ledger.map((v) => v.variant)).size);
const perFamily = families.map((f) => familyReport(panel, combos, f.name, opts));
const curve = signalRateCurve(cv.evaluations, blockDays);
const folds = cv.folds.map((f) => ({
  quarter: f.quarter,
  family: f.choice.family,
  geometry: panel.geometries[f.choice.g],
  tau: f.choice.tau,
  inner: f.choice.inner,
  trained_through: new Date(f.model.trainedThrough).toISOString(),
  considered: f.considered,
  decisions: f.decisions,
}));
writeFileSync(join(outDir, "cv.json"), `${JSON.stringify(summary, null, 2)}\n`);
writeFileSync(
  join(outDir, "cv-details.json"),
  `${JSON.stringify(
    {
      ...details,
      deflated: deflation,
      variants: ledger,
      families: perFamily,
      folds,
      curve,
      data: values.data,
      stride_hours: stride,
      pairs: panel.symbols.length,
      geometries: GEOMETRY_GRID,
      entry_delay_hours: ENTRY_DELAY_HOURS,
      max_age_days: maxAgeDays,
    },
    null,
    2,
  )}\n`,
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
    [{ name: `mean net R of the top share by shrunk EV (95% ${blockDays}-day-block CI)`, color: "#2563eb", points: curve }],
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
  writeFileSync(file, `${JSON.stringify({ ...trackRecord(summary, details, source, panel.symbols.length), deflated: deflation }, null, 2)}\n`);
  log(`track record written to ${file}`);
}
if (values.history) {
  const boot = (r: number[], t: number[]) =>
    blockBootstrapMean(
      r,
      t.map((x) => blockOf(x, blockDays)),
      { iterations: 300 },
    );
  writeFileSync(resolve(process.cwd(), values.history), `${JSON.stringify(buildSetupHistory(cv.history, boot))}\n`);
  log(`setup history written to ${values.history}`);
}
if (values.versions) {
  const meta = { folders: values.data, stride, blockDays };
  const quarterOf = (q: string) => `${q.slice(0, 4)}-Q${Math.floor((Number(q.slice(5, 7)) - 1) / 3) + 1}`;
  const versions = cv.folds.map((f) => ({
    ...versionOf(panel, f.choice, f.model, f.start, meta),
    oof: { quarter: summary.by_quarter.find((q) => q.quarter === quarterOf(f.quarter)) ?? null, decisions: f.decisions },
  }));
  versions.push({ ...nextVersion(panel, combos, families, meta, opts, log), oof: { quarter: null, decisions: {} } });
  writeVersions(resolve(process.cwd(), values.versions), versions);
  log(`${versions.length} model versions written to ${values.versions}`);
}
log(`summary: ${JSON.stringify({ ...summary, by_month: undefined })}`);
log(`written to ${outDir}`);
