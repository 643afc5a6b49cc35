// GET /api/market/movers?full_details=true: 24h change of the five pairs on the Market Movers card.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { isObj, num, str, unwrap } from "@web/lib/decode";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";

export const MOVER_SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "DOGEUSDT", "XRPUSDT"] as const;

export type MoverRow = { symbol: string; change24h: number | null };

/** The card's five pairs in fixed order, their change looked up in all_symbols, gainers and losers. */
export function normalizeMovers(raw: unknown): MoverRow[] {
  const data = unwrap(raw);
  const changes = new Map<string, number>();
  if (isObj(data)) {
    for (const field of ["losers", "gainers", "all_symbols"]) {
      const items = data[field];
      if (!Array.isArray(items)) continue;
      for (const m of items) {
        if (!isObj(m)) continue;
        const symbol = str(m, "symbol");
        const change = num(m, "change_24h", "change_pct", "change", "price_change_percent");
        if (symbol && change !== null) changes.set(symbol.toUpperCase(), change);
      }
    }
  }
  return MOVER_SYMBOLS.map((symbol) => ({ symbol, change24h: changes.get(symbol) ?? null }));
}

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
