// GET /api/market/core-assets?symbols=BTCUSDT,ETHUSDT: the BTC and ETH cards, polled at the full_snapshot interval.
import { useQuery } from "@tanstack/react-query";
import { CORE_ASSET_SYMBOLS } from "@core/market/market-intervals";
import { apiQuery } from "@web/lib/api";
import { isObj, num, obj, str, unwrap, type Obj } from "@web/lib/decode";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";

export type CoreAsset = {
  symbol: string;
  price: number | null;
  change24h: number | null;
  support: number | null;
  resistance: number | null;
  momentum: string | null;
  rsi: number | null;
  risk: string | null;
  riskLevel: string | null;
};

function readAsset(symbol: string, a: Obj): CoreAsset {
  const momentum = obj(a, "momentum");
  const levels = obj(a, "levels", "key_levels") ?? a;
  const riskObj = obj(a, "risk");
  return {
    symbol,
    price: num(a, "price", "current_price", "last_price"),
    change24h: num(a, "change_24h", "change_pct", "change", "price_change_24h"),
    support: num(levels, "support"),
    resistance: num(levels, "resistance"),
    momentum: (momentum && str(momentum, "status", "ema_status", "trend")) ?? str(a, "ema_status", "trend"),
    rsi: (momentum && num(momentum, "rsi")) ?? num(a, "rsi"),
    risk: (riskObj && str(riskObj, "note", "message")) ?? str(a, "risk", "risk_note"),
    riskLevel: (riskObj && str(riskObj, "level")) ?? str(a, "risk_level"),
  };
}

/** Assets keyed by symbol (or listed with a symbol field), upper-cased symbol → card values. */
export function normalizeCoreAssets(raw: unknown): Record<string, CoreAsset> {
  let data = unwrap(raw);
  if (isObj(data)) data = obj(data, "assets", "core_assets") ?? data;
  const out: Record<string, CoreAsset> = {};
  if (Array.isArray(data)) {
    for (const a of data) if (isObj(a) && str(a, "symbol")) out[str(a, "symbol")!.toUpperCase()] = readAsset(str(a, "symbol")!.toUpperCase(), a);
  } else if (isObj(data)) {
    for (const [k, v] of Object.entries(data)) if (isObj(v)) out[k.toUpperCase()] = readAsset(k.toUpperCase(), v);
  }
  return out;
}

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
