// GET /api/market/symbols: the supported pairs and the ones the market data cannot serve; the built-in list until it answers.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { BUILT_IN_PAIRS, readPairs, type Pairs } from "./decode-pairs";
import { tradingKeys } from "./keys";

export const fetchPairs = () => apiQuery("/api/market/symbols");

export function usePairs(): Pairs {
  const query = useQuery({ queryKey: tradingKeys.pairs(), queryFn: fetchPairs, select: readPairs });
  return query.data ?? BUILT_IN_PAIRS;
}
