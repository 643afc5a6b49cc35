// Walk-forward fitting: expanding monthly folds pick the L2 strength, then train → calibrate (Platt) on later months.
import { expiryMs, EXPIRY_BARS, TAKER_FEE_RATE } from "../../outcomes";
import { buildSamples, evaluationClocks, SIGNAL_TIMEFRAME, type Sample, type SymbolData } from "./dataset";
import { fitLogistic, fitPlatt, fitStandardisation, linear, metrics, sigmoid, standardise, type Metrics } from "./logistic";
import type { ModelParams } from "./params";
import { FEATURE_NAMES } from "./vector";

export const LAMBDAS = [0.0001, 0.001, 0.01, 0.1];
export const BENCHMARK_SYMBOL = "BTCUSDT";

const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const monthStart = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/** Samples whose label window (issue + expiry) ends by `end`: purges training rows that peek into the next fold. */
const labelledBefore = (s: Sample, end: number) => s.t + expiryMs(SIGNAL_TIMEFRAME) <= end;

function fitOn(train: Sample[], lambda: number) {
  const std = fitStandardisation(train.map((s) => s.x));
  const model = fitLogistic(train.map((s) => standardise(s.x, std)), train.map((s) => s.y), lambda);
  const score = (s: Sample) => linear(model, standardise(s.x, std));
  return { std, model, score };
}

export type FitOptions = { trainEnd: number; calibEnd: number; strideHours: number; folderLabel: string; log?: (m: string) => void };

export function fitWalkForward(data: SymbolData[], opts: FitOptions): { params: ModelParams; report: string } {
  const log = opts.log ?? (() => {});
  const btc = data.find((d) => d.symbol === BENCHMARK_SYMBOL)?.h1 ?? [];
  const samples: Sample[] = [];
  for (const d of data) {
    samples.push(...buildSamples(d, btc, evaluationClocks(d.h1, opts.strideHours, -Infinity, opts.calibEnd)));
  }
  samples.sort((a, b) => a.t - b.t || a.symbol.localeCompare(b.symbol) || a.side.localeCompare(b.side));
  log(`${samples.length} labelled samples from ${data.length} symbols`);
  const first = samples[0]?.t ?? opts.trainEnd;
  const period = (from: number, to: number, n: number) => ({ from: day(from), to: day(to - 1), samples: n });

  // Expanding-window monthly folds up to the calibration end; lambda chosen by mean validation log-loss.
  const folds: ModelParams["validation"]["folds"] = [];
  const lossByLambda = new Map<number, number[]>();
  for (let v = nextMonth(nextMonth(monthStart(first))); v < opts.calibEnd; v = nextMonth(v)) {
    const vEnd = Math.min(nextMonth(v), opts.calibEnd);
    const train = samples.filter((s) => labelledBefore(s, v));
    const val = samples.filter((s) => s.t >= v && labelledBefore(s, vEnd));
    if (!train.length || !val.length) continue;
    let best: { lambda: number; m: Metrics } | null = null;
    for (const lambda of LAMBDAS) {
      const { score } = fitOn(train, lambda);
      const m = metrics(val.map((s) => sigmoid(score(s))), val.map((s) => s.y));
      lossByLambda.set(lambda, [...(lossByLambda.get(lambda) ?? []), m.log_loss]);
      if (!best || m.log_loss < best.m.log_loss) best = { lambda, m };
    }
    if (best) {
      folds.push({ train: period(first, v, train.length), validate: period(v, vEnd, val.length), lambda: best.lambda, metrics: best.m });
      log(`fold validate ${day(v)}: train ${train.length}, val ${val.length}, best lambda ${best.lambda}, ${JSON.stringify(best.m)}`);
    }
  }
  let lambda = LAMBDAS[1];
  let bestLoss = Infinity;
  for (const [l, losses] of lossByLambda) {
    const mean = losses.reduce((a, b) => a + b, 0) / losses.length;
    if (mean < bestLoss) [bestLoss, lambda] = [mean, l];
  }

  const train = samples.filter((s) => labelledBefore(s, opts.trainEnd));
  const calib = samples.filter((s) => s.t >= opts.trainEnd && labelledBefore(s, opts.calibEnd));
  const { std, model, score } = fitOn(train, lambda);
  const zCal = calib.map(score);
  const platt = fitPlatt(zCal, calib.map((s) => s.y));
  const pCal = zCal.map((z) => sigmoid(platt.a * z + platt.b));
  const calMetrics = metrics(pCal, calib.map((s) => s.y));
  const r4 = (x: number) => Math.round(x * 1e6) / 1e6;

  const params: ModelParams = {
    model: "logistic-l2",
    target: `take-profit hit before stop-loss within ${EXPIRY_BARS} x ${SIGNAL_TIMEFRAME} (stop first when one candle touches both)`,
    feature_names: [...FEATURE_NAMES],
    standardisation: { mean: std.mean.map(r4), std: std.std.map(r4) },
    lambda,
    intercept: r4(model.intercept),
    weights: model.weights.map(r4),
    calibration: { method: "platt", a: r4(platt.a), b: r4(platt.b) },
    training: period(first, opts.trainEnd, train.length),
    calibration_period: period(opts.trainEnd, opts.calibEnd, calib.length),
    validation: { scheme: "expanding window, monthly validation folds, label windows purged at fold edges", folds, calibration_fold: calMetrics },
    data: { folder: opts.folderLabel, symbols: data.length, stride_hours: opts.strideHours, expiry_bars: EXPIRY_BARS, timeframe: SIGNAL_TIMEFRAME },
  };

  // Decision-bar grid on the calibration months only (the backtest months stay untouched for the track record).
  const bySlot = new Map<string, { p: number; rr: number; r: number }[]>();
  calib.forEach((s, i) => {
    const k = `${s.symbol}|${s.t}`;
    bySlot.set(k, [...(bySlot.get(k) ?? []), { p: pCal[i], rr: s.rr, r: s.r }]);
  });
  const lines = ["calibration-months grid (best side by expected R): minConf minRR -> trades, mean R"];
  for (const minConf of [0.35, 0.4, 0.45, 0.5, 0.55]) {
    for (const minRr of [1, 1.2, 1.5]) {
      for (const minEv of [0, 0.1, 0.2]) {
        let n = 0;
        let sum = 0;
        for (const sides of bySlot.values()) {
          const best = sides
            .map((c) => ({ ...c, ev: c.p * c.rr - (1 - c.p) - 2 * TAKER_FEE_RATE }))
            .sort((a, b) => b.ev - a.ev)[0];
          if (best && best.p >= minConf && best.rr >= minRr && best.ev > minEv) {
            n++;
            sum += best.r;
          }
        }
        lines.push(`  conf ${minConf} rr ${minRr} ev ${minEv} -> ${n}, ${n ? (sum / n).toFixed(3) : "-"}`);
      }
    }
  }
  lines.push(`slots ${bySlot.size}; lambda ${lambda}; calibration fold ${JSON.stringify(calMetrics)}`);
  lines.push(FEATURE_NAMES.map((n, j) => `  ${n}: ${model.weights[j].toFixed(4)}`).join("\n"));
  return { params, report: lines.join("\n") };
}
