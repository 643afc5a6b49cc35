// Sentiment: BTC's share of traded volume, BTC–ETH return correlation and perpetual funding (all derived from candles).
import type { Candle } from "@core/market/candles";
import { returnCorrelation } from "../indicators";
import { round } from "./price";
import type { SentimentPayload } from "./types";

export const CORRELATION_HOURS = 7 * 24;

/** Quote volume (close × base volume) of the last 24 closed hourly candles. */
export const quoteVolume24h = (h1: Candle[]) => h1.slice(-24).reduce((s, k) => s + k.c * k.v, 0);

export function computeSentiment(input: {
  universe: { symbol: string; h1: Candle[] }[];
  btcH1: Candle[];
  ethH1: Candle[];
  funding: { btc: number | null; eth: number | null };
  nowMs: number;
}): SentimentPayload {
  const volumes = input.universe.map((u) => ({ symbol: u.symbol, qv: quoteVolume24h(u.h1) }));
  const total = volumes.reduce((s, v) => s + v.qv, 0);
  const btc = volumes.find((v) => v.symbol === "BTCUSDT")?.qv ?? 0;
  const corr = returnCorrelation(input.btcH1.slice(-(CORRELATION_HOURS + 1)), input.ethH1.slice(-(CORRELATION_HOURS + 1)));
  return {
    btc_dominance: total > 0 ? round((btc / total) * 100, 2) : 0,
    btc_dominance_basis: `BTCUSDT share (%) of the 24h quote volume of the ${volumes.length} tracked USDT pairs; not market-cap dominance`,
    btc_eth_correlation: corr === null ? null : round(corr, 4),
    correlation_basis: `Pearson correlation of BTCUSDT and ETHUSDT 1h returns over the last ${CORRELATION_HOURS} hours`,
    funding_rate: input.funding,
    funding_rate_unit: "fraction per 8h (0.0001 = 0.01%), recorded perpetual funding",
    derived: true,
    as_of: new Date(input.nowMs).toISOString(),
  };
}
