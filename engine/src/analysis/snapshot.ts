// The hourly cross-sectional snapshot: one function turns closed 1h candles of every pair into the features that fitting, backtest and live analysis all read.
import type { Candle } from "@core/market/candles";
import { INTERVAL_MS, lastIndexAtOrBefore } from "@core/market/candles";

const H = INTERVAL_MS["1h"];
/** Every per-pair value reads exactly the last this-many closed 1h candles (14 days), so older history never changes it. */
export const SNAPSHOT_WINDOW_H1 = 336;
/** Fixed-window indicator lengths; EMA50 and RSI14 are warmed up on the whole window, so they match a chart to the digit shown. */
const ATR_BARS = 14;
const EMA_BARS = 50;
const EMA_LONG_BARS = 200;
const SIGMA_BARS = 168;
const RSI_BARS = 14;
/** Swing levels the reasoning quotes and the stop is checked against. */
export const SWING_BARS = 72;
const BETA_BARS = 168;
export const BENCHMARK = "BTCUSDT";
/**
 * The point-in-time universe: the this-many pairs with the highest 24 h quote volume at that hour among those trading
 * then. Ranks and the regime are computed over it in research and live alike (400 recorded pairs in 2025, 36 in 2020;
 * live serves its listed 200), so no input depends on how many pairs a folder happens to hold.
 */
export const UNIVERSE_TOP = 200;

export type PairSeries = { symbol: string; h1: Candle[] };

/** Per-pair values at the snapshot hour (all from the pair's own last SNAPSHOT_WINDOW_H1 closed candles and BTC's). */
export type PairRaw = {
  symbol: string;
  close: number;
  atr: number;
  atrPct: number;
  /** log returns over h hours divided by the 1h volatility × √h (comparable across pairs and regimes) */
  z1: number;
  z4: number;
  z24: number;
  z72: number;
  z168: number;
  /** position of the close in the 24h / 7d high–low range, −0.5 … +0.5 */
  range24: number;
  range168: number;
  /** log(24h realised vol / 14-day realised vol) */
  volRegime: number;
  /** standard deviation of the last 168 hourly log returns: the unit of the σ-of-horizon stop (× √hours) */
  sigma168: number;
  /** log return over the whole window (335 h) in the same units as the z's, and the distance to a 200-hour EMA in ATRs */
  z335: number;
  ema200DistAtr: number;
  /** log(last 24h volume / average day of the window) */
  volumeRatio: number;
  /** 24h traded value in quote currency (USDT) */
  quoteVolume24h: number;
  beta: number;
  /** return not explained by BTC (r − β·r_btc), z-scored by the residual volatility */
  resid24: number;
  resid168: number;
  ema50: number;
  ema50DistAtr: number;
  rsi14: number;
  swingLow72: number;
  swingHigh72: number;
};

export type PairRow = PairRaw & {
  /** cross-sectional percentile ranks at this hour, −0.5 … +0.5 */
  rankZ24: number;
  rankZ168: number;
  rankResid24: number;
  rankVolume: number;
  rankVolRegime: number;
  rankAtr: number;
};

export type Regime = {
  btcZ24: number;
  btcZ168: number;
  btcVolRegime: number;
  /** share of pairs up over 24h, −0.5 … +0.5 */
  breadth24: number;
  /** share of pairs in the upper half of their 7-day range, −0.5 … +0.5 */
  breadth168: number;
  /** cross-sectional stdev of 24h z-returns */
  dispersion: number;
  pairs: number;
};

export type Snapshot = {
  /** the hour the snapshot describes: every candle it read closed at or before this time */
  at: number;
  regime: Regime;
  rows: PairRow[];
};

/** Index of the last candle that closed by `now` (open + 1h <= now), or −1. */
export const lastClosedIndex = (candles: Candle[], now: number): number => lastIndexAtOrBefore(candles, now - H);

function stdevOf(xs: Float64Array, from: number, to: number): number {
  const n = to - from;
  if (n < 2) return 0;
  let m = 0;
  for (let i = from; i < to; i++) m += xs[i];
  m /= n;
  let v = 0;
  for (let i = from; i < to; i++) v += (xs[i] - m) ** 2;
  return Math.sqrt(v / (n - 1));
}

/** EMA seeded with the SMA of the first `period` values (the convention charting packages use). */
export function emaLast(xs: ArrayLike<number>, period: number): number {
  let e = 0;
  for (let i = 0; i < period; i++) e += xs[i];
  e /= period;
  const k = 2 / (period + 1);
  for (let i = period; i < xs.length; i++) e = xs[i] * k + e * (1 - k);
  return e;
}

/** Wilder RSI over the whole series. */
export function rsiLast(xs: ArrayLike<number>, period: number): number {
  let up = 0;
  let down = 0;
  for (let i = 1; i <= period; i++) {
    const d = xs[i] - xs[i - 1];
    if (d > 0) up += d;
    else down -= d;
  }
  up /= period;
  down /= period;
  for (let i = period + 1; i < xs.length; i++) {
    const d = xs[i] - xs[i - 1];
    up = (up * (period - 1) + Math.max(d, 0)) / period;
    down = (down * (period - 1) + Math.max(-d, 0)) / period;
  }
  return down === 0 ? 100 : 100 - 100 / (1 + up / down);
}

/** Simple-average ATR over the last `period` true ranges (a fixed window, so it never depends on older history). */
function atrLast(w: Candle[], period: number): number {
  let s = 0;
  for (let i = w.length - period; i < w.length; i++) {
    const k = w[i];
    const pc = w[i - 1].c;
    s += Math.max(k.h - k.l, Math.abs(k.h - pc), Math.abs(k.l - pc));
  }
  return s / period;
}

function rangePos(w: Candle[], bars: number, close: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = w.length - bars; i < w.length; i++) {
    lo = Math.min(lo, w[i].l);
    hi = Math.max(hi, w[i].h);
  }
  return hi > lo ? (close - lo) / (hi - lo) - 0.5 : 0;
}

type Window = { w: Candle[]; rets: Float64Array };

/**
 * The pair's last SNAPSHOT_WINDOW_H1 closed candles, or null when it has fewer, has not traded in the last hour, or the
 * window holds a gap (an exchange outage or a pair relisted): no feature is ever computed across a gap.
 */
function windowAt(h1: Candle[], now: number): Window | null {
  const i = lastClosedIndex(h1, now);
  if (i + 1 < SNAPSHOT_WINDOW_H1 || h1[i].t !== now - H) return null;
  if (h1[i].t - h1[i + 1 - SNAPSHOT_WINDOW_H1].t !== (SNAPSHOT_WINDOW_H1 - 1) * H) return null;
  const w = h1.slice(i + 1 - SNAPSHOT_WINDOW_H1, i + 1);
  const rets = new Float64Array(w.length);
  for (let j = 1; j < w.length; j++) rets[j] = w[j].c > 0 && w[j - 1].c > 0 ? Math.log(w[j].c / w[j - 1].c) : 0;
  return { w, rets };
}

const logRet = (w: Candle[], bars: number) => Math.log(w[w.length - 1].c / w[w.length - 1 - bars].c);

/** Beta and residual returns against BTC over the window's last BETA_BARS hours, aligned on open time. */
function versusBtc(p: Window, btc: Window | null) {
  if (!btc) return { beta: 1, resid24: 0, resid168: 0 };
  const n = p.w.length;
  let sxy = 0;
  let sxx = 0;
  let mx = 0;
  let my = 0;
  for (let j = n - BETA_BARS; j < n; j++) {
    mx += btc.rets[j];
    my += p.rets[j];
  }
  mx /= BETA_BARS;
  my /= BETA_BARS;
  for (let j = n - BETA_BARS; j < n; j++) {
    sxy += (btc.rets[j] - mx) * (p.rets[j] - my);
    sxx += (btc.rets[j] - mx) ** 2;
  }
  const beta = sxx > 0 ? sxy / sxx : 1;
  const resid = new Float64Array(BETA_BARS);
  for (let j = 0; j < BETA_BARS; j++) resid[j] = p.rets[n - BETA_BARS + j] - beta * btc.rets[n - BETA_BARS + j];
  const sd = stdevOf(resid, 0, BETA_BARS) || 1e-9;
  let r24 = 0;
  let r168 = 0;
  for (let j = 0; j < BETA_BARS; j++) {
    r168 += resid[j];
    if (j >= BETA_BARS - 24) r24 += resid[j];
  }
  return { beta, resid24: r24 / (sd * Math.sqrt(24)), resid168: r168 / (sd * Math.sqrt(BETA_BARS)) };
}

function pairRaw(symbol: string, p: Window, btc: Window | null): PairRaw | null {
  const { w, rets } = p;
  const n = w.length;
  const close = w[n - 1].c;
  const atr = atrLast(w, ATR_BARS);
  const sd = stdevOf(rets, 1, n);
  if (!(close > 0) || !(atr > 0) || !(sd > 0)) return null;
  const z = (bars: number) => logRet(w, bars) / (sd * Math.sqrt(bars));
  let vol24 = 0;
  let volAll = 0;
  let quote24 = 0;
  let lo72 = Infinity;
  let hi72 = -Infinity;
  for (let j = 0; j < n; j++) {
    volAll += w[j].v;
    if (j >= n - 24) {
      vol24 += w[j].v;
      quote24 += w[j].v * w[j].c;
    }
    if (j >= n - SWING_BARS) {
      lo72 = Math.min(lo72, w[j].l);
      hi72 = Math.max(hi72, w[j].h);
    }
  }
  const closes = w.map((k) => k.c);
  const ema50 = emaLast(closes, EMA_BARS);
  const ema200 = emaLast(closes, EMA_LONG_BARS);
  const vsBtc = symbol === BENCHMARK ? { beta: 1, resid24: 0, resid168: 0 } : versusBtc(p, btc);
  return {
    symbol,
    close,
    atr,
    atrPct: atr / close,
    z1: z(1),
    z4: z(4),
    z24: z(24),
    z72: z(72),
    z168: z(168),
    range24: rangePos(w, 24, close),
    range168: rangePos(w, 168, close),
    volRegime: Math.log((stdevOf(rets, n - 24, n) || sd) / sd),
    sigma168: stdevOf(rets, n - SIGMA_BARS, n),
    z335: z(n - 1),
    ema200DistAtr: (close - ema200) / atr,
    volumeRatio: volAll > 0 && vol24 > 0 ? Math.log(vol24 / (volAll / (n / 24))) : 0,
    quoteVolume24h: quote24,
    ...vsBtc,
    ema50,
    ema50DistAtr: (close - ema50) / atr,
    rsi14: rsiLast(closes, RSI_BARS),
    swingLow72: lo72,
    swingHigh72: hi72,
  };
}

/** Percentile rank of each value among all (ties share their mean rank), centred to −0.5 … +0.5. */
export function centredRanks(xs: number[]): number[] {
  const n = xs.length;
  if (n < 2) return xs.map(() => 0);
  const idx = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b]);
  const out = new Array<number>(n);
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && xs[idx[j + 1]] === xs[idx[i]]) j++;
    const r = (i + j) / 2 / (n - 1) - 0.5;
    for (let k = i; k <= j; k++) out[idx[k]] = r;
    i = j + 1;
  }
  return out;
}

function regimeOf(rows: PairRaw[], btc: PairRaw | undefined): Regime {
  const n = rows.length;
  const mean = rows.reduce((s, r) => s + r.z24, 0) / Math.max(1, n);
  const disp = Math.sqrt(rows.reduce((s, r) => s + (r.z24 - mean) ** 2, 0) / Math.max(1, n - 1));
  return {
    btcZ24: btc?.z24 ?? 0,
    btcZ168: btc?.z168 ?? 0,
    btcVolRegime: btc?.volRegime ?? 0,
    breadth24: n ? rows.filter((r) => r.z24 > 0).length / n - 0.5 : 0,
    breadth168: n ? rows.filter((r) => r.range168 > 0).length / n - 0.5 : 0,
    dispersion: n > 1 ? disp : 0,
    pairs: n,
  };
}

/**
 * The snapshot at hour `at` from every pair's candles. Only candles that closed by `at` are read, and of those only
 * the last SNAPSHOT_WINDOW_H1, so passing longer or later series changes nothing (no look-ahead, no history drift).
 * Pairs without a full window or without the last hour's candle are left out, and so are all but the UNIVERSE_TOP
 * most traded pairs of that hour.
 */
export function buildSnapshot(series: PairSeries[], at: number): Snapshot {
  const hour = Math.floor(at / H) * H;
  const btcSeries = series.find((s) => s.symbol === BENCHMARK);
  const btcWin = btcSeries ? windowAt(btcSeries.h1, hour) : null;
  const raws: PairRaw[] = [];
  for (const s of series) {
    const win = s.symbol === BENCHMARK ? btcWin : windowAt(s.h1, hour);
    if (!win) continue;
    // BTC's hours must line up with the pair's for beta; a pair whose window does not match BTC's is compared without it.
    const aligned = btcWin && btcWin.w[0].t === win.w[0].t ? btcWin : null;
    const raw = pairRaw(s.symbol, win, aligned);
    if (raw) raws.push(raw);
  }
  // Ties in volume fall back to the symbol, so the same pairs make the cut in every run.
  raws.sort((a, b) => b.quoteVolume24h - a.quoteVolume24h || a.symbol.localeCompare(b.symbol));
  raws.splice(UNIVERSE_TOP);
  raws.sort((a, b) => a.symbol.localeCompare(b.symbol));
  const ranks = (f: (r: PairRaw) => number) => centredRanks(raws.map(f));
  const [rz24, rz168, rres, rvol, rreg, ratr] = [
    ranks((r) => r.z24),
    ranks((r) => r.z168),
    ranks((r) => r.resid24),
    ranks((r) => r.volumeRatio),
    ranks((r) => r.volRegime),
    ranks((r) => r.atrPct),
  ];
  const rows: PairRow[] = raws.map((r, i) => ({
    ...r,
    rankZ24: rz24[i],
    rankZ168: rz168[i],
    rankResid24: rres[i],
    rankVolume: rvol[i],
    rankVolRegime: rreg[i],
    rankAtr: ratr[i],
  }));
  return {
    at: hour,
    regime: regimeOf(
      raws,
      raws.find((r) => r.symbol === BENCHMARK),
    ),
    rows,
  };
}
