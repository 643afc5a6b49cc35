// Multi-timeframe features at the market clock from closed candles only (1h plus its 4h/1d roll-ups, BTC, funding).
import type { Candle } from "@core/candles";
import { INTERVAL_MS } from "@core/candles";
import { atr as atrSeries, correlation, ema, last, rsi } from "../market/indicators";

/** Features use exactly the last this-many closed 1h candles, so extra older history never changes them. */
export const FEATURE_WINDOW_H1 = 300;
/** BTC context (trend, correlation) uses the last week of closed 1h candles. */
export const BTC_WINDOW_H1 = 169;
/** Stop-side structure: swing low/high over the last day. */
export const STOP_SWING_BARS = 24;
/** Target-side structure: swing high/low over the last three days. */
export const TARGET_SWING_BARS = 72;

const H4 = 4 * INTERVAL_MS["1h"];
const D1 = INTERVAL_MS["1d"];

export type HealthInput = { status: string; composite_score: number };
export type GateInput = { status: string; action: string; reasons: string[] };

export type FeatureInput = {
  symbol: string;
  now: number;
  h1: Candle[];
  btcH1: Candle[];
  funding: number | null;
  health?: HealthInput;
  gate?: GateInput;
};

export type Features = {
  symbol: string;
  /** open time of the last closed 1h candle used */
  asOf: number;
  close: number;
  atr: number;
  atrPct: number;
  ema20: number;
  ema50: number;
  ema200: number;
  /** EMA50 change over the last 10 bars, in ATRs */
  ema50SlopeAtr: number;
  ema20h4: number;
  ema50h4: number;
  rsi1h: number;
  rsi4h: number;
  /** mean close of the last 10 closed days */
  sma10d: number;
  /** log returns */
  ret4h: number;
  ret24h: number;
  ret72h: number;
  ret7d: number;
  /** realised vol (stdev of 1h log returns) over 24 bars divided by the same over 168 bars */
  volRegime: number;
  /** last 24h volume over the 7-day average 24h volume */
  relVolume: number;
  supportStop: number;
  resistanceStop: number;
  supportTarget: number;
  resistanceTarget: number;
  funding: number | null;
  btcCorr: number;
  btcClose: number;
  btcEma50: number;
  btcAtr: number;
  btcRet24h: number;
  health: HealthInput | null;
  gate: GateInput | null;
};

/** Closed candles as of `now`: open time + 1h <= now, oldest first (the input may contain later candles). */
export function closedAt(candles: Candle[], now: number, interval = INTERVAL_MS["1h"]): Candle[] {
  let hi = candles.length;
  let lo = 0;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid].t + interval <= now) lo = mid + 1;
    else hi = mid;
  }
  return candles.slice(0, lo);
}

/** Roll 1h candles up into complete buckets (4h, 1d) that closed by `now`; the first bucket is dropped if partial. */
export function aggregate(h1: Candle[], bucketMs: number, now: number): Candle[] {
  const out: Candle[] = [];
  for (const k of h1) {
    const start = Math.floor(k.t / bucketMs) * bucketMs;
    const last = out[out.length - 1];
    if (last && last.t === start) {
      last.h = Math.max(last.h, k.h);
      last.l = Math.min(last.l, k.l);
      last.c = k.c;
      last.v += k.v;
    } else out.push({ t: start, o: k.o, h: k.h, l: k.l, c: k.c, v: k.v });
  }
  if (out.length && h1.length && out[0].t < h1[0].t) out.shift();
  while (out.length && out[out.length - 1].t + bucketMs > now) out.pop();
  return out;
}

function logReturn(closes: number[], bars: number): number {
  const n = closes.length;
  if (n <= bars) return 0;
  return Math.log(closes[n - 1] / closes[n - 1 - bars]);
}

function stdev(xs: number[]): number {
  if (xs.length < 2) return 0;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) * (b - m), 0) / (xs.length - 1));
}

function hourlyLogReturns(candles: Candle[]): Map<number, number> {
  const m = new Map<number, number>();
  for (let i = 1; i < candles.length; i++) m.set(candles[i].t, Math.log(candles[i].c / candles[i - 1].c));
  return m;
}

/**
 * Features at `input.now`, or null when fewer than FEATURE_WINDOW_H1 closed 1h candles exist (new listings, gaps).
 * Only candles that closed by `now` are read, so passing later candles changes nothing (no look-ahead).
 */
export function computeFeatures(input: FeatureInput): Features | null {
  const closed = closedAt(input.h1, input.now);
  if (closed.length < FEATURE_WINDOW_H1) return null;
  const w = closed.slice(closed.length - FEATURE_WINDOW_H1);
  const closes = w.map((k) => k.c);
  const close = closes[closes.length - 1];
  const atr = last(atrSeries(w, 14)) ?? 0;
  if (!(atr > 0) || !(close > 0)) return null;

  const ema50s = ema(closes, 50);
  const ema50 = ema50s[ema50s.length - 1];
  const ema50Prev = ema50s[ema50s.length - 11];

  const h4 = aggregate(w, H4, input.now);
  const h4Closes = h4.map((k) => k.c);
  const d1 = aggregate(w, D1, input.now);
  const d1Closes = d1.slice(-10).map((k) => k.c);

  const rets = hourlyLogReturns(w);
  const retList = w.slice(1).map((k) => rets.get(k.t) ?? 0);
  const rv24 = stdev(retList.slice(-24));
  const rv168 = stdev(retList.slice(-168));
  const vol24 = w.slice(-24).reduce((a, k) => a + k.v, 0);
  const vol168 = w.slice(-168).reduce((a, k) => a + k.v, 0) / 7;

  const stopWin = w.slice(-STOP_SWING_BARS);
  const targetWin = w.slice(-TARGET_SWING_BARS);

  const btcClosed = closedAt(input.btcH1, input.now);
  const btc = btcClosed.slice(Math.max(0, btcClosed.length - FEATURE_WINDOW_H1));
  const btcCloses = btc.map((k) => k.c);
  const btcClose = btcCloses[btcCloses.length - 1] ?? 0;
  const btcAtr = last(atrSeries(btc, 14)) ?? 0;
  const btcRets = hourlyLogReturns(btc.slice(-BTC_WINDOW_H1));
  const a: number[] = [];
  const b: number[] = [];
  for (const k of w.slice(-(BTC_WINDOW_H1 - 1))) {
    const rb = btcRets.get(k.t);
    const ra = rets.get(k.t);
    if (rb !== undefined && ra !== undefined) {
      a.push(ra);
      b.push(rb);
    }
  }

  return {
    symbol: input.symbol,
    asOf: w[w.length - 1].t,
    close,
    atr,
    atrPct: atr / close,
    ema20: last(ema(closes, 20)) ?? close,
    ema50,
    ema200: last(ema(closes, 200)) ?? close,
    ema50SlopeAtr: (ema50 - ema50Prev) / atr,
    ema20h4: last(ema(h4Closes, 20)) ?? close,
    ema50h4: last(ema(h4Closes, 50)) ?? close,
    rsi1h: last(rsi(closes, 14)) ?? 50,
    rsi4h: last(rsi(h4Closes, 14)) ?? 50,
    sma10d: d1Closes.length ? d1Closes.reduce((x, y) => x + y, 0) / d1Closes.length : close,
    ret4h: logReturn(closes, 4),
    ret24h: logReturn(closes, 24),
    ret72h: logReturn(closes, 72),
    ret7d: logReturn(closes, 168),
    volRegime: rv168 > 0 ? rv24 / rv168 : 1,
    relVolume: vol168 > 0 ? vol24 / vol168 : 1,
    supportStop: Math.min(...stopWin.map((k) => k.l)),
    resistanceStop: Math.max(...stopWin.map((k) => k.h)),
    supportTarget: Math.min(...targetWin.map((k) => k.l)),
    resistanceTarget: Math.max(...targetWin.map((k) => k.h)),
    funding: input.funding,
    btcCorr: correlation(a, b) ?? 0,
    btcClose,
    btcEma50: last(ema(btcCloses, 50)) ?? btcClose,
    btcAtr,
    btcRet24h: logReturn(btcCloses, 24),
    health: input.health ?? null,
    gate: input.gate ?? null,
  };
}
