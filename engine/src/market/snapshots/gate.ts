// Pre-analysis gate: whether conditions allow starting an analysis, from health, volatility, session and funding.
import type { GatePayload, HealthPayload, SessionPayload } from "./types";

// Thresholds (documented in one place so the gate's reasons quote them).
export const GATE_RULES = {
  volatilitySpike: 2.5, // ATR vs its 30-day median: NO_GO above
  volatilityHigh: 1.8, // CAUTION above
  volatilityLow: 0.6, // CAUTION below: moves too small to clear fees
  fundingExtreme: 0.0005, // |funding| per 8h (0.05%): crowded positioning
} as const;

export function computeGate(health: HealthPayload, session: SessionPayload, btcFunding: number | null): GatePayload {
  const ratio = health.components.volatility.ratio_to_30d_median;
  const healthLine = `Market health ${health.status} (composite ${health.composite_score.toFixed(2)})`;
  const blockers: string[] = [];
  const sizeCautions: string[] = [];
  const waitCautions: string[] = [];

  if (health.status === "DEAD") blockers.push(`${healthLine}: volume and volatility have collapsed`);
  if (ratio > GATE_RULES.volatilitySpike) blockers.push(`Volatility spike: hourly ATR ${ratio.toFixed(2)}× its 30-day median`);

  if (health.status === "WEAK") waitCautions.push(`${healthLine}: weak trend, breadth or volume`);
  if (ratio > GATE_RULES.volatilityHigh && ratio <= GATE_RULES.volatilitySpike)
    sizeCautions.push(`Elevated volatility: hourly ATR ${ratio.toFixed(2)}× its 30-day median`);
  if (ratio < GATE_RULES.volatilityLow) waitCautions.push(`Compressed volatility: hourly ATR ${ratio.toFixed(2)}× its 30-day median`);
  if (btcFunding !== null && Math.abs(btcFunding) >= GATE_RULES.fundingExtreme)
    sizeCautions.push(`BTC funding ${(btcFunding * 100).toFixed(4)}% per 8h: crowded ${btcFunding > 0 ? "longs" : "shorts"}`);
  if (session.current_session === "Off-hours") waitCautions.push("Off-hours (22:00-00:00 UTC): thin liquidity between New York close and Asia open");

  const sessionLine = `Session: ${session.current_session}${session.session_info.is_overlap ? ` (${session.session_info.overlap} overlap)` : ""}`;
  const fundingLine = btcFunding === null ? "BTC funding: not available" : `BTC funding ${(btcFunding * 100).toFixed(4)}% per 8h`;
  const inputs = {
    health_status: health.status,
    composite_score: health.composite_score,
    volatility_ratio: ratio,
    session: session.current_session,
    btc_funding_rate: btcFunding,
  };
  if (blockers.length) return { status: "NO_GO", action: "STAND_ASIDE", reasons: [...blockers, ...sizeCautions, ...waitCautions], inputs };
  if (sizeCautions.length || waitCautions.length) {
    // Crowding or high volatility still allows trading with smaller size; weak or quiet markets call for waiting.
    const action = waitCautions.length ? "WAIT_FOR_CONFIRMATION" : "REDUCE_SIZE";
    return { status: "CAUTION", action, reasons: [...sizeCautions, ...waitCautions, healthLine], inputs };
  }
  return { status: "GO", action: "PROCEED", reasons: [healthLine, sessionLine, fundingLine], inputs };
}
