// GET /api/market/movers?full_details=true: 24h change of the five pairs on the Market Movers card.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";
import { MOVER_SYMBOLS, type MoverRow, normalizeMovers } from "./decode-market";

export { MOVER_SYMBOLS, type MoverRow };

export const fetchMovers = () => apiQuery("/api/market/movers?full_details=true");

export function useMovers() {
  const r = useRefreshIntervals();
  return useQuery({
    queryKey: marketKeys.movers(),
    queryFn: fetchMovers,
    select: normalizeMovers,
    refetchInterval: useLivePoll(r.movers * 1000, "market"),
  });
}
