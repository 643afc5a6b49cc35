// Swing structure: pivot highs/lows and the nearest support/resistance around a price.
import type { Candle } from "@core/market/candles";

export type Pivot = { t: number; price: number };

/**
 * A pivot high is a candle whose high is strictly above the `left` candles before and at least the `right`
 * candles after it (ties to the right count, so a flat top yields its first candle); lows mirror this.
 */
export function swingPoints(candles: Candle[], left = 3, right = 3): { highs: Pivot[]; lows: Pivot[] } {
  const highs: Pivot[] = [];
  const lows: Pivot[] = [];
  for (let i = left; i < candles.length - right; i++) {
    const k = candles[i];
    let isHigh = true;
    let isLow = true;
    for (let j = i - left; j <= i + right && (isHigh || isLow); j++) {
      if (j === i) continue;
      const o = candles[j];
      if (j < i ? o.h >= k.h : o.h > k.h) isHigh = false;
      if (j < i ? o.l <= k.l : o.l < k.l) isLow = false;
    }
    if (isHigh) highs.push({ t: k.t, price: k.h });
    if (isLow) lows.push({ t: k.t, price: k.l });
  }
  return { highs, lows };
}

/**
 * Support = the highest swing low below `price`, resistance = the lowest swing high above it. When the price
 * has broken out of every swing level, the window's extreme is used instead (the level the market last respected).
 */
export function supportResistance(
  candles: Candle[],
  price: number,
  opts: { left?: number; right?: number } = {},
): { support: number | null; resistance: number | null } {
  if (!candles.length) return { support: null, resistance: null };
  const { highs, lows } = swingPoints(candles, opts.left ?? 3, opts.right ?? 3);
  const below = lows.map((p) => p.price).filter((p) => p < price);
  const above = highs.map((p) => p.price).filter((p) => p > price);
  const minLow = Math.min(...candles.map((k) => k.l));
  const maxHigh = Math.max(...candles.map((k) => k.h));
  return {
    support: below.length ? Math.max(...below) : minLow < price ? minLow : null,
    resistance: above.length ? Math.min(...above) : maxHigh > price ? maxHigh : null,
  };
}
