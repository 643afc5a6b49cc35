// GET /api/market/sentiment: BTC dominance, BTC-ETH correlation and BTC funding, in any of their spellings.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";
import { type Sentiment, normalizeSentiment } from "./decode-market";

export type { Sentiment };

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
