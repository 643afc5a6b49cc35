// How an alert reads, shared by the server's channels (mail, push, socket) and the web's list and toasts.
import type { AlertKind } from "./alerts";

export const STAGE_LABELS: Record<AlertKind, string> = {
  ISSUED: "Signal issued",
  TP_HIT: "Take profit hit",
  SL_HIT: "Stop loss hit",
  EXPIRED: "Expired",
};

/** R after costs with its sign and two decimals ("+1.85R", "−1.00R"); null (an issued signal) has none. */
export function formatR(r: number | null | undefined): string | null {
  if (r === null || r === undefined || !Number.isFinite(r)) return null;
  const abs = Math.abs(r).toFixed(2);
  return `${r > 0 ? "+" : r < 0 ? "−" : ""}${abs}R`;
}

export type AlertTextInput = { kind: AlertKind; symbol: string; side: string; r_multiple: number | null };

/** "BTCUSDT LONG · Take profit hit": pair, side and stage. */
export const alertTitle = (e: AlertTextInput) => `${e.symbol} ${e.side} · ${STAGE_LABELS[e.kind]}`;

/** The one-line detail: the result in R once resolved, what to watch for when issued. */
export function alertDetail(e: AlertTextInput): string {
  const r = formatR(e.r_multiple);
  if (e.kind === "ISSUED") return "New setup on your dashboard: entry, stop loss and take profit are set.";
  return r ? `Result ${r} after costs.` : "Result recorded.";
}
