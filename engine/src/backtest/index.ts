// Walk-forward backtest: the same three phase functions at strided clocks, outcomes, metrics, baselines, calibration.
import type { Candle } from "@core/candles";
import { INTERVAL_MS, lastIndexAtOrBefore } from "@core/candles";
import { evaluateOutcome, expiryMs, type OutcomeStatus } from "../outcomes";
import { FEATURE_WINDOW_H1 } from "../analysis/features";
import { evaluationClocks, fundingAt, type SymbolData } from "../analysis/model/dataset";
import { confirmPhase, finalPhase, scanPhase, SIGNAL_TIMEFRAME, type AnalysisContext } from "../analysis/phases";

const H = INTERVAL_MS["1h"];
export const BENCHMARK_SYMBOL = "BTCUSDT";
/** Width of a confidence calibration bin. */
export const CALIBRATION_BIN = 0.05;

export type BacktestOptions = { strideHours: number; from?: number; to?: number; seed: number };

export type Trade = {
  symbol: string;
  t: number;
  type: "LONG" | "SHORT";
  confidence: number;
  entry: number;
  stop: number;
  target: number;
  rr: number;
  outcome: OutcomeStatus;
  r: number;
};

export type Metrics = {
  trades: number;
  wins: number;
  win_rate: number;
  tp_hit: number;
  sl_hit: number;
  expired: number;
  expectancy_r: number;
  total_r: number;
  profit_factor: number | null;
  max_drawdown_r: number;
};

export type CalibrationBin = { from: number; to: number; n: number; predicted: number; observed_tp_rate: number };

export type SymbolReport = { symbol: string; evaluations: number; no_trade: number; open: number } & Metrics;

export type BacktestReport = {
  period: { from: string; to: string };
  stride_hours: number;
  seed: number;
  symbols: number;
  evaluations: number;
  signals: number;
  no_trade: number;
  no_trade_rate: number;
  /** signals whose expiry window runs past the data: excluded from every metric */
  open: number;
  no_trade_reasons: Record<string, number>;
  model: Metrics;
  baselines: { random_direction: Metrics; always_long: Metrics };
  calibration: CalibrationBin[];
  per_symbol: SymbolReport[];
  trades: Trade[];
  baseline_trades: { random_direction: Trade[]; always_long: Trade[] };
};

/** Small seeded PRNG (mulberry32) so the random baseline is reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r4 = (x: number) => Math.round(x * 10000) / 10000;

export function metricsOf(trades: Trade[]): Metrics {
  const sorted = [...trades].sort((a, b) => a.t - b.t || a.symbol.localeCompare(b.symbol));
  let cum = 0;
  let peak = 0;
  let dd = 0;
  let gains = 0;
  let losses = 0;
  for (const tr of sorted) {
    cum += tr.r;
    peak = Math.max(peak, cum);
    dd = Math.max(dd, peak - cum);
    if (tr.r > 0) gains += tr.r;
    else losses -= tr.r;
  }
  const n = trades.length;
  const wins = trades.filter((x) => x.r > 0).length;
  return {
    trades: n,
    wins,
    win_rate: n ? r4(wins / n) : 0,
    tp_hit: trades.filter((x) => x.outcome === "TP_HIT").length,
    sl_hit: trades.filter((x) => x.outcome === "SL_HIT").length,
    expired: trades.filter((x) => x.outcome === "EXPIRED").length,
    expectancy_r: n ? r4(cum / n) : 0,
    total_r: r4(cum),
    profit_factor: losses > 0 ? r4(gains / losses) : null,
    max_drawdown_r: r4(dd),
  };
}

export function calibrationTable(trades: Trade[]): CalibrationBin[] {
  const bins = new Map<number, Trade[]>();
  for (const tr of trades) {
    const k = Math.floor(tr.confidence / CALIBRATION_BIN + 1e-9);
    bins.set(k, [...(bins.get(k) ?? []), tr]);
  }
  return [...bins.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([k, xs]) => ({
      from: r4(k * CALIBRATION_BIN),
      to: r4((k + 1) * CALIBRATION_BIN),
      n: xs.length,
      predicted: r4(xs.reduce((a, x) => a + x.confidence, 0) / xs.length),
      observed_tp_rate: r4(xs.filter((x) => x.outcome === "TP_HIT").length / xs.length),
    }));
}

const windowBefore = (candles: Candle[], now: number) => {
  const i = lastIndexAtOrBefore(candles, now - H);
  return candles.slice(Math.max(0, i + 1 - FEATURE_WINDOW_H1), i + 1);
};

/** Same stop and target distances as the model's trade, in the given direction. */
function mirrored(tr: Trade, type: "LONG" | "SHORT", after: Candle[]): Trade | null {
  const dsl = Math.abs(tr.entry - tr.stop);
  const dtp = Math.abs(tr.target - tr.entry);
  const stop = type === "LONG" ? tr.entry - dsl : tr.entry + dsl;
  const target = type === "LONG" ? tr.entry + dtp : tr.entry - dtp;
  const o = evaluateOutcome({ type, entry_price: tr.entry, stop_loss: stop, take_profit: target, created_at_market_ms: tr.t, timeframe: SIGNAL_TIMEFRAME }, after);
  if (o.r_multiple === null) return null;
  return { ...tr, type, stop, target, outcome: o.outcome, r: o.r_multiple };
}

export function runBacktest(data: SymbolData[], btc: Candle[], opts: BacktestOptions): BacktestReport {
  const rand = mulberry32(opts.seed);
  const trades: Trade[] = [];
  const randomTrades: Trade[] = [];
  const longTrades: Trade[] = [];
  const reasons: Record<string, number> = {};
  const perSymbol: SymbolReport[] = [];
  let evaluations = 0;
  let noTrade = 0;
  let open = 0;
  let firstClock = Infinity;
  let lastClock = -Infinity;
  for (const d of [...data].sort((a, b) => a.symbol.localeCompare(b.symbol))) {
    const clocks = evaluationClocks(d.h1, opts.strideHours, opts.from, opts.to);
    const mine: Trade[] = [];
    let symEval = 0;
    let symNo = 0;
    let symOpen = 0;
    for (const now of clocks) {
      const ctx: AnalysisContext = {
        symbol: d.symbol,
        now,
        h1: windowBefore(d.h1, now),
        btcH1: windowBefore(btc, now),
        funding: fundingAt(d.funding, now),
      };
      const scan = scanPhase(ctx);
      const confirm = confirmPhase(ctx, scan);
      const final = finalPhase(ctx, scan, confirm);
      evaluations++;
      symEval++;
      firstClock = Math.min(firstClock, now);
      lastClock = Math.max(lastClock, now);
      const dec = final.decision;
      if (dec.type === "NO_TRADE" || dec.entry_price === null || dec.stop_loss === null || dec.take_profit === null) {
        noTrade++;
        symNo++;
        const key = (dec.no_trade_reason ?? "unknown").replace(/-?\d[\d,]*(\.\d+)?/g, "#");
        reasons[key] = (reasons[key] ?? 0) + 1;
        continue;
      }
      const i = lastIndexAtOrBefore(d.h1, now - H);
      const after = d.h1.slice(i + 1, lastIndexAtOrBefore(d.h1, now + expiryMs(SIGNAL_TIMEFRAME)) + 1);
      const o = evaluateOutcome(
        { type: dec.type, entry_price: dec.entry_price, stop_loss: dec.stop_loss, take_profit: dec.take_profit, created_at_market_ms: now, timeframe: dec.timeframe },
        after,
      );
      // Draw the coin for every signal, open or not, so the random baseline does not depend on where the data ends.
      const coin = rand() < 0.5 ? "LONG" : "SHORT";
      if (o.r_multiple === null) {
        open++;
        symOpen++;
        continue;
      }
      const tr: Trade = {
        symbol: d.symbol,
        t: now,
        type: dec.type,
        confidence: dec.confidence,
        entry: dec.entry_price,
        stop: dec.stop_loss,
        target: dec.take_profit,
        rr: dec.rr_ratio ?? 0,
        outcome: o.outcome,
        r: o.r_multiple,
      };
      trades.push(tr);
      mine.push(tr);
      const rb = mirrored(tr, coin, after);
      const lb = mirrored(tr, "LONG", after);
      if (rb) randomTrades.push(rb);
      if (lb) longTrades.push(lb);
    }
    if (symEval) perSymbol.push({ symbol: d.symbol, evaluations: symEval, no_trade: symNo, open: symOpen, ...metricsOf(mine) });
  }
  const iso = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString() : "n/a");
  const byTime = (a: Trade, b: Trade) => a.t - b.t || a.symbol.localeCompare(b.symbol);
  return {
    period: { from: iso(firstClock), to: iso(lastClock) },
    stride_hours: opts.strideHours,
    seed: opts.seed,
    symbols: perSymbol.length,
    evaluations,
    signals: evaluations - noTrade,
    no_trade: noTrade,
    no_trade_rate: evaluations ? r4(noTrade / evaluations) : 0,
    open,
    no_trade_reasons: reasons,
    model: metricsOf(trades),
    baselines: { random_direction: metricsOf(randomTrades), always_long: metricsOf(longTrades) },
    calibration: calibrationTable(trades),
    per_symbol: perSymbol,
    trades: trades.sort(byTime),
    baseline_trades: { random_direction: randomTrades.sort(byTime), always_long: longTrades.sort(byTime) },
  };
}
