// Where an OPEN LONG/SHORT stands against the current price: distance to entry, stop and target (% and R), time left,
// and whether it ever reached its entry. Pure, so every rule below is unit-tested.
import type { Candle } from "@core/market/candles";

export type Side = "LONG" | "SHORT";
export type OpenState = "in_play" | "not_reached_entry" | "through_target" | "through_stop" | "expired";

export const STATE_LABELS: Record<OpenState, string> = {
  in_play: "In play",
  not_reached_entry: "Not reached entry",
  through_target: "Through target",
  through_stop: "Through stop",
  expired: "Expired",
};

/** Signed % move from the price to the level (positive: the level is above), and that distance in R (always >= 0). */
export type Distance = { pct: number; r: number };

export type OpenStatus = {
  state: OpenState;
  label: string;
  toEntry: Distance;
  toStop: Distance;
  toTarget: Distance;
  /** Where the position stands if filled at the entry, in R (positive: in profit). */
  openR: number;
  /** Market time left before the signal expires, measured from the price's own time; null without an expiry. */
  timeLeftMs: number | null;
};

export type OpenStatusInput = {
  side: Side;
  entry: number;
  stop: number;
  target: number;
  price: number;
  /** When the price was current (market time: a recorded moment under the replay). */
  priceAtMs: number;
  expiresAtMs: number | null;
  /** Whether price traded at the entry since issue (see entryTouched); null when not known yet. */
  entryTouched: boolean | null;
};

/**
 * Whether price reached the entry since the issue: a LONG's buy level is reached when a low traded at or below it, a
 * SHORT's when a high traded at or above it, in any candle still open at the issue time or later (the candle holding the
 * issue counts whole, as the outcome tracker counts it without 5m data), or by the current price itself. Null while no
 * such candle exists and the price has not reached it.
 */
export function entryTouched(
  side: Side,
  entry: number,
  candles: Candle[],
  intervalMs: number,
  issueMs: number,
  price: number | null,
): boolean | null {
  const reached = (low: number, high: number) => (side === "LONG" ? low <= entry : high >= entry);
  if (price !== null && reached(price, price)) return true;
  const after = candles.filter((k) => k.t + intervalMs > issueMs);
  if (after.length === 0) return null;
  return after.some((k) => reached(k.l, k.h));
}

/**
 * Null when the levels cannot make a trade (no risk, or stop and target on the same side of the entry). Otherwise the
 * state, first match wins: expired (the price's time is at or past the expiry); not reached entry (price never traded
 * at the entry since issue and has run away on the target side: the setup left without a fill, do not chase it);
 * through target / through stop (the price is at or beyond the level: the outcome tracker closes it on its next pass);
 * in play.
 */
export function openSetupStatus(s: OpenStatusInput): OpenStatus | null {
  const risk = Math.abs(s.entry - s.stop);
  const dir = s.side === "LONG" ? 1 : -1;
  if (!(risk > 0) || !(s.price > 0) || (s.target - s.entry) * dir <= 0 || (s.entry - s.stop) * dir <= 0) return null;
  const dist = (level: number): Distance => ({ pct: ((level - s.price) / s.price) * 100, r: Math.abs(level - s.price) / risk });
  const timeLeftMs = s.expiresAtMs === null ? null : s.expiresAtMs - s.priceAtMs;
  const beyond = (level: number, towards: 1 | -1) => (s.price - level) * dir * towards >= 0;
  let state: OpenState = "in_play";
  if (timeLeftMs !== null && timeLeftMs <= 0) state = "expired";
  else if (s.entryTouched === false && beyond(s.entry, 1)) state = "not_reached_entry";
  else if (beyond(s.target, 1)) state = "through_target";
  else if (beyond(s.stop, -1)) state = "through_stop";
  return {
    state,
    label: STATE_LABELS[state],
    toEntry: dist(s.entry),
    toStop: dist(s.stop),
    toTarget: dist(s.target),
    openR: ((s.price - s.entry) * dir) / risk,
    timeLeftMs,
  };
}

/** '1d 4h', '3h 05m', '12m', 'expired'. */
export function formatTimeLeft(ms: number | null): string {
  if (ms === null) return "—";
  if (ms <= 0) return "expired";
  const m = Math.floor(ms / 60_000);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${String(m % 60).padStart(2, "0")}m`;
  return `${m}m`;
}
