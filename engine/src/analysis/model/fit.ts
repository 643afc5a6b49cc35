// `model:fit`: the same nested choice as `model:cv`, made once on every out-of-fold month, then one final fit on all rows.
import { GEOMETRY_INPUTS, INPUT_NAMES, inputIndices } from "./inputs";
import { chooseConfig, FIT_GRID, runGrid, type Grid } from "./cv";
import { compactIsotonic } from "./calibration";
import { withGeometry, type Panel } from "./panel";
import type { ModelParams } from "./params";
import { MARGIN_R } from "./select";
import { fitRows, nextMonth, purgedBefore } from "./walkforward";
import { EXPIRY_HOURS, MAX_COST_R } from "../trade";

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

export function fitFinal(p: Panel, folder: string, strideHours: number, log: (m: string) => void, grid?: Grid): ModelParams {
  const runs = runGrid(p, grid ?? { lambdas: FIT_GRID.lambdas }, log);
  let last = 0;
  for (let i = 0; i < p.n; i++) last = Math.max(last, p.t[i]);
  // Choose as if the month after the data were the next test month: every out-of-fold month informs the choice.
  const best = chooseConfig(p, runs, nextMonth(last));
  if (!best) throw new Error("not enough data for a fit");
  const { ki, mi, lambda } = best.run.config;
  const choice = { config: { k: p.ks[ki], m: p.ms[mi], lambda }, calibrator: best.cal };
  const rows: number[] = [];
  for (let i = 0; i < p.n; i++) if (purgedBefore(p.t[i], last + 1 + EXPIRY_HOURS * 3_600_000)) rows.push(i);
  const x = withGeometry(p, ki);
  const y = p.y[ki * p.ms.length + mi];
  const all = INPUT_NAMES.map((_, j) => j);
  const fit = fitRows(x, p.d, y, rows, all, choice.config.lambda);
  const reference = fitRows(x, p.d, y, rows, inputIndices(GEOMETRY_INPUTS), 1e-4);
  const c = choice.calibrator;
  log(`chosen k ${choice.config.k} m ${choice.config.m} lambda ${choice.config.lambda}; tau ${c.tau}; inner ${JSON.stringify(c.inner)}`);
  return {
    version: 2,
    model: "softmax-l2",
    outcomes: ["TP", "SL", "EXPIRED"],
    inputs: [...INPUT_NAMES],
    geometry: { k: choice.config.k, m: choice.config.m, expiry_hours: EXPIRY_HOURS, max_cost_r: MAX_COST_R },
    lambda: choice.config.lambda,
    standardisation: { mean: fit.std.mean.map(r6), std: fit.std.std.map(r6) },
    intercepts: fit.model.intercepts.map(r6),
    weights: fit.model.weights.map((w) => w.map(r6)),
    novelty_bar: r6(fit.novelty),
    reference: {
      inputs: [...GEOMETRY_INPUTS],
      standardisation: { mean: reference.std.mean.map(r6), std: reference.std.std.map(r6) },
      intercepts: reference.model.intercepts.map(r6),
      weights: reference.model.weights.map((w) => w.map(r6)),
    },
    calibration: {
      method: "isotonic (PAV) on out-of-fold walk-forward scores",
      tp: compactIsotonic(c.tp),
      sl: compactIsotonic(c.sl),
      exp: compactIsotonic(c.exp),
      ev: compactIsotonic(c.ev),
      expiry_r: { long: r6(c.expiryR.long), short: r6(c.expiryR.short) },
      tau: r6(c.tau),
      margin_r: MARGIN_R,
      inner: { rate: r6(c.inner.rate), mean_r: r6(c.inner.meanR), evaluations: c.inner.evaluations },
    },
    training: { from: day(p.t[rows[0]]), to: day(last), rows: rows.length, pairs: p.symbols.length, stride_hours: strideHours, folder },
  };
}
