// `bun run model:cv -- --data <1h folder> --out <dir> [--stride 4] [--from YYYY-MM] [--track-record f] [--history f]`: nested purged walk-forward; writes cv.json, predictions and charts.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { panelFromFolder } from "../engine/src/analysis/model/panel";
import { cvRecords, runCv, setupHistory } from "../engine/src/analysis/model/cv";
import { summarise, trackRecord } from "../engine/src/backtest/summary";
import { reliabilitySvg, curveSvg } from "../engine/src/backtest/svg";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    data: { type: "string", default: "../shared/data/market/spot/1h" },
    out: { type: "string", default: "cv-report" },
    stride: { type: "string", default: "4" },
    from: { type: "string", default: "2024-03" },
    "track-record": { type: "string" },
    history: { type: "string" },
  },
});
const stride = Number(values.stride);
const outerFrom = Date.parse(`${values.from}-01T00:00:00Z`);
if (!(stride >= 1) || Number.isNaN(outerFrom)) {
  console.error("usage: bun run model:cv -- --data <folder> --out <dir> [--stride hours] [--from YYYY-MM]");
  process.exit(2);
}
const started = performance.now();
const log = (m: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${m}`);
const panel = panelFromFolder(resolve(process.cwd(), values.data), stride, log);

const cv = runCv(panel, outerFrom, log);
const { evaluations, candidates } = cvRecords(panel, cv.folds);
const { summary, details } = summarise(evaluations, candidates);
const outDir = resolve(process.cwd(), values.out);
mkdirSync(outDir, { recursive: true });
const folds = cv.folds.map((f) => ({ month: f.month, config: f.config, tau: f.calibrator.tau, inner: f.calibrator.inner }));
// cv.json carries exactly the published summary fields (as backtest's summary.json); everything else goes beside it.
writeFileSync(join(outDir, "cv.json"), JSON.stringify(summary, null, 2) + "\n");
writeFileSync(
  join(outDir, "cv-details.json"),
  JSON.stringify({ ...details, folds, curve: cv.curve, data: values.data, stride_hours: stride }, null, 2) + "\n",
);
// Out-of-fold predictions: every evaluation (pair and clock, the chosen side) and every candidate (both sides).
writeFileSync(join(outDir, "predictions.json"), JSON.stringify({ evaluations, candidates }) + "\n");
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
    [{ name: "mean net R of issued signals (95% day-block CI)", color: "#2563eb", points: cv.curve }],
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
  writeFileSync(
    file,
    JSON.stringify(
      trackRecord(summary, details, `bun run model:cv -- --data ${values.data} --stride ${stride} --from ${values.from}`, panel.symbols.length),
      null,
      2,
    ) + "\n",
  );
  log(`track record written to ${file}`);
}
if (values.history) {
  writeFileSync(resolve(process.cwd(), values.history), JSON.stringify(setupHistory(panel, cv.folds)) + "\n");
  log(`setup history written to ${values.history}`);
}
log(`summary: ${JSON.stringify(summary)}`);
log(`written to ${outDir}`);
