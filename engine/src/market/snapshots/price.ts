// Latest price and 24h change of a pair from its freshest closed candles (5m when shipped, otherwise 1h).
import { INTERVAL_MS, lastIndexAtOrBefore, type Candle } from "@core/market/candles";
import { pctChange } from "../indicators";

export type PriceChange = { price: number; change_24h: number; as_of_ms: number };

const round = (x: number, dp: number) => Math.round(x * 10 ** dp) / 10 ** dp;

/** 24h change compares the last close with the close of the candle that closed exactly 24 h earlier. */
export function priceAndChange(h1: Candle[], m5: Candle[] = []): PriceChange | null {
  const use5m = m5.length > 0 && (h1.length === 0 || m5[m5.length - 1].t + INTERVAL_MS["5m"] >= h1[h1.length - 1].t + INTERVAL_MS["1h"]);
  const series = use5m ? m5 : h1;
  if (series.length < 2) return null;
  const lastK = series[series.length - 1];
  const i = lastIndexAtOrBefore(series, lastK.t - INTERVAL_MS["1d"]);
  // A gap or a young listing: no candle exactly 24 h back means no honest 24h change.
  if (i < 0 || series[i].t !== lastK.t - INTERVAL_MS["1d"]) return null;
  const interval = use5m ? INTERVAL_MS["5m"] : INTERVAL_MS["1h"];
  return { price: lastK.c, change_24h: round(pctChange(series[i].c, lastK.c), 4), as_of_ms: lastK.t + interval };
}

export { round };
