// GET /api/market/sentiment: BTC dominance, BTC-ETH correlation and BTC funding, in any of their spellings.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { isObj, num, obj, str, unwrap } from "@web/lib/decode";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";

export type Sentiment = {
  /** Percent 0..100. */
  btcDominance: number | null;
  /** What the dominance number measures, as the server words it (ours: BTC's share of 24h quote volume), or null. */
  dominanceBasis: string | null;
  /** Percent -100..100. */
  correlationPercent: number | null;
  /** Percent per funding period (0.0001 fraction → 0.01). */
  fundingPercent: number | null;
};

export function normalizeSentiment(raw: unknown): Sentiment | null {
  const outer = unwrap(raw);
  if (!isObj(outer)) return null;
  const data = obj(outer, "sentiment") ?? outer;
  const dominanceObj = obj(data, "dominance", "market_dominance", "btc_dominance");
  const dominance = num(data, "btc_dominance", "btcDominance", "dominance") ?? (dominanceObj && num(dominanceObj, "btc", "BTC", "value"));
  const corrObj = obj(data, "correlation", "correlations", "btc_eth_correlation");
  const corr =
    num(data, "btc_eth_correlation", "btcEthCorrelation", "btc_eth_corr", "correlation") ?? (corrObj && num(corrObj, "btc_eth", "btcEth", "value"));
  const fundingObj = obj(data, "funding_rate", "funding_rates", "funding", "fundingRate");
  const funding = num(data, "btc_funding_rate", "btcFundingRate", "funding_rate") ?? (fundingObj && num(fundingObj, "btc", "BTC", "BTCUSDT"));
  return {
    // A share at or below 1 is a ratio; above that it is already a percent.
    btcDominance: dominance === null ? null : dominance <= 1 ? dominance * 100 : dominance,
    dominanceBasis: str(data, "btc_dominance_basis", "dominance_basis") ?? (dominanceObj && str(dominanceObj, "basis")),
    correlationPercent: corr === null ? null : Math.abs(corr) <= 1 ? corr * 100 : corr,
    fundingPercent: funding === null ? null : funding * 100,
  };
}

/**
 * The dominance cell's label for what the number is: a volume-based share is not market-cap dominance, so it is named
 * "BTC Volume Share" with a short note; without a basis the spec's "BTC Dominance" stays.
 */
export function dominanceLabel(basis: string | null): { label: string; note: string | null } {
  if (basis && /volume/i.test(basis)) return { label: "BTC Volume Share", note: "of 24h volume · not market cap" };
  return { label: "BTC Dominance", note: null };
}

export const fetchSentiment = () => apiQuery("/api/market/sentiment");

export function useSentiment() {
  const r = useRefreshIntervals();
  return useQuery({
    queryKey: marketKeys.sentiment(),
    queryFn: fetchSentiment,
    select: normalizeSentiment,
    refetchInterval: useLivePoll(r.sentiment * 1000, "market"),
  });
}
