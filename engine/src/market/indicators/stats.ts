// Return series and correlation between pairs, aligned on candle open time.
import type { Candle } from "@core/market/candles";

/** Simple returns close[i]/close[i−1] − 1. */
export function returns(closes: number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < closes.length; i++) out.push(closes[i] / closes[i - 1] - 1);
  return out;
}

/** Pearson correlation; null when fewer than 3 points or a series is constant. */
export function correlation(a: number[], b: number[]): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 3) return null;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i] - ma) * (b[i] - mb);
    va += (a[i] - ma) ** 2;
    vb += (b[i] - mb) ** 2;
  }
  return va === 0 || vb === 0 ? null : cov / Math.sqrt(va * vb);
}

/** Correlation of candle-to-candle returns over the open times both series share (consecutive pairs only). */
export function returnCorrelation(a: Candle[], b: Candle[]): number | null {
  const bByTime = new Map(b.map((k) => [k.t, k.c]));
  const ra: number[] = [];
  const rb: number[] = [];
  for (let i = 1; i < a.length; i++) {
    const b0 = bByTime.get(a[i - 1].t);
    const b1 = bByTime.get(a[i].t);
    if (b0 === undefined || b1 === undefined) continue;
    ra.push(a[i].c / a[i - 1].c - 1);
    rb.push(b1 / b0 - 1);
  }
  return correlation(ra, rb);
}

/** Percent change from `from` to `to`. */
export const pctChange = (from: number, to: number) => (to / from - 1) * 100;

export function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
