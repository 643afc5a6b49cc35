// GET /api/market/core-assets?symbols=BTCUSDT,ETHUSDT: the BTC and ETH cards, polled at the full_snapshot interval.
import { useQuery } from "@tanstack/react-query";
import { CORE_ASSET_SYMBOLS } from "@core/market/market-intervals";
import { apiQuery } from "@web/lib/api";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";
import { type CoreAsset, normalizeCoreAssets } from "./decode-market";

export type { CoreAsset };

export const fetchCoreAssets = () => apiQuery(`/api/market/core-assets?symbols=${CORE_ASSET_SYMBOLS.join(",")}`);

export function useCoreAssets() {
  const r = useRefreshIntervals();
  return useQuery({
    queryKey: marketKeys.coreAssets(),
    queryFn: fetchCoreAssets,
    select: normalizeCoreAssets,
    refetchInterval: useLivePoll(r.full_snapshot * 1000, "market"),
  });
}
