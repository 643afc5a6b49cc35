// Payload shapes of the market snapshots (what the API serves under `data` and the socket pushes).
export type HealthStatus = "HEALTHY" | "NORMAL" | "WEAK" | "DEAD";

export type HealthPayload = {
  status: HealthStatus;
  composite_score: number;
  components: {
    trend: { score: number; direction: "UP" | "DOWN" | "FLAT"; ema20: number; ema50: number };
    volatility: { score: number; atr_pct: number; ratio_to_30d_median: number };
    breadth: { score: number; advancing: number; declining: number; total: number };
    volume: { score: number; ratio_24h_to_30d: number };
  };
  rule: string;
  as_of: string;
};

export type Momentum = { status: "BULLISH" | "BEARISH" | "NEUTRAL"; rsi: number | null; ema20: number; ema50: number };

export type CoreAsset = {
  symbol: string;
  price: number;
  change_24h: number;
  momentum: Momentum;
  levels: { support: number | null; resistance: number | null };
  atr_pct: number;
  risk_level: "LOW" | "MEDIUM" | "HIGH";
  risk: string;
  as_of: string;
};

export type SessionName = "Asia" | "London" | "New York";

export type SessionPayload = {
  current_session: SessionName | "Off-hours";
  session: SessionName | "Off-hours";
  active_sessions: SessionName[];
  session_info: { is_overlap: boolean; overlap: string | null };
  next_change_at: string;
  next_change: string;
  utc_time: string;
};

export type GateStatus = "GO" | "CAUTION" | "NO_GO";
export type GatePayload = {
  status: GateStatus;
  action: "PROCEED" | "REDUCE_SIZE" | "WAIT_FOR_CONFIRMATION" | "STAND_ASIDE";
  reasons: string[];
  inputs: { health_status: HealthStatus; composite_score: number; volatility_ratio: number; session: string; btc_funding_rate: number | null };
};

export type Mover = { symbol: string; change_24h: number; price: number };
export type MoversPayload = { gainers: Mover[]; losers: Mover[]; all_symbols: Mover[]; as_of: string };

export type SentimentPayload = {
  btc_dominance: number;
  btc_dominance_basis: string;
  btc_eth_correlation: number | null;
  correlation_basis: string;
  funding_rate: { btc: number | null; eth: number | null };
  funding_rate_unit: string;
  derived: true;
  as_of: string;
};

export type OrderbookPayload = {
  symbol: string;
  price: number;
  spread: { percentage: number; value: number; estimator: string };
  imbalance: { buy_percentage: number; sell_percentage: number; window: string };
  execution: string;
  derived: true;
  basis: string;
  as_of: string;
};
