// The decoders of the market topics (GET /api/market/* and their socket pushes): every spelling spec 02 §3 allows is
// folded here into the shapes the panels read, so no panel handles the unknown JSON.
import { MARKET_REFRESH_SECONDS } from "@core/market/market-intervals";
import { bool, isObj, num, obj, type Obj, str, unwrap } from "@web/lib/decode";

export type RefreshIntervals = { full_snapshot: number; market_health: number; orderbook: number; sentiment: number; movers: number };

export const DEFAULT_REFRESH: RefreshIntervals = {
  full_snapshot: MARKET_REFRESH_SECONDS.full_snapshot,
  market_health: MARKET_REFRESH_SECONDS.market_health,
  orderbook: MARKET_REFRESH_SECONDS.orderbook,
  sentiment: MARKET_REFRESH_SECONDS.sentiment,
  movers: MARKET_REFRESH_SECONDS.movers,
};

/** Each field from the server when it is a positive number, otherwise its default. */
export function normalizeRefreshIntervals(raw: unknown): RefreshIntervals {
  const data = unwrap(raw);
  const out = { ...DEFAULT_REFRESH };
  if (!isObj(data)) return out;
  for (const k of Object.keys(out) as (keyof RefreshIntervals)[]) {
    const v = num(data, k);
    if (v !== null && v > 0) out[k] = v;
  }
  return out;
}

export type MarketHealth = { status: string | null; score: number | null };

export function normalizeHealth(raw: unknown): MarketHealth | null {
  const outer = unwrap(raw);
  if (!isObj(outer)) return null;
  const data = obj(outer, "market_health", "health") ?? outer;
  return { status: str(data, "status", "health_status"), score: num(data, "composite_score", "score", "composite") };
}

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

export type Orderbook = {
  spreadPercent: number | null;
  buyPercent: number | null;
  sellPercent: number | null;
  execution: string | null;
  derived: boolean;
  basis: string | null;
};

export function normalizeOrderbook(raw: unknown): Orderbook | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const spread = obj(data, "spread");
  const imbalance = obj(data, "imbalance");
  const execObj = obj(data, "execution");
  return {
    spreadPercent: spread ? num(spread, "percentage", "value") : num(data, "spread"),
    buyPercent: imbalance && num(imbalance, "buy_percentage", "buy"),
    sellPercent: imbalance && num(imbalance, "sell_percentage", "sell"),
    execution: str(data, "execution") ?? (execObj && str(execObj, "recommendation", "note", "quality")),
    // The flag may sit on the envelope or on the payload.
    derived: (isObj(raw) && bool(raw, "derived")) || bool(data, "derived") === true,
    basis: str(data, "basis"),
  };
}

export type GateDecision = { status: string; action: string; reasons: string[] };

export function normalizeGate(raw: unknown): GateDecision | null {
  const outer = unwrap(raw);
  if (!isObj(outer)) return null;
  const data = obj(outer, "gate_decision", "gate") ?? outer;
  const status = str(data, "status", "decision");
  if (!status) return null;
  const reasons = Array.isArray(data.reasons) ? data.reasons.filter((r): r is string => typeof r === "string" && r !== "") : [];
  return { status, action: str(data, "action", "recommendation") ?? "", reasons };
}

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

export type MarketSession = {
  current: string | null;
  overlap: boolean;
  overlapName: string | null;
  nextChange: string | null;
  /** The market's own clock (UTC ISO): in replay mode it runs inside the recorded period, not at today's date. */
  marketTime: string | null;
};

export function normalizeSession(raw: unknown): MarketSession | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const info = obj(data, "session_info") ?? {};
  const overlapFlag = bool(info, "is_overlap", "overlap") ?? bool(data, "is_overlap", "overlap");
  const overlapName = str(info, "overlap") ?? str(data, "overlap");
  return {
    current: str(data, "session", "current_session"),
    overlap: overlapFlag ?? overlapName !== null,
    overlapName,
    nextChange: str(data, "next_change"),
    marketTime: str(data, "utc_time"),
  };
}
