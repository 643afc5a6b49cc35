// GET /api/public/example-signal: the newest settled signal the landing page shows as its example card (no typed figures).
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { isObj, num, obj, str, unwrap } from "@web/lib/decode";
import { publicKeys } from "./keys";

export type ExampleSignal = {
  id: number;
  symbol: string;
  type: "LONG" | "SHORT";
  timeframe: string;
  entry: number;
  takeProfit: number;
  stopLoss: number;
  rr: number;
  /** Calibrated P(target first) as issued, 0..1. */
  pTp: number;
  expectedR: number | null;
  expiryHours: number;
  outcome: "TP_HIT" | "SL_HIT" | "EXPIRED";
  rMultiple: number | null;
  /** Market clock at issue (a recorded moment under the replay). */
  marketTimeMs: number;
  replay: boolean;
};

const OUTCOMES = ["TP_HIT", "SL_HIT", "EXPIRED"] as const;

/** The answer's signal, or null when none has settled yet or the answer is unreadable. */
export function readExampleSignal(raw: unknown): ExampleSignal | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const s = obj(data, "signal");
  if (!s) return null;
  const type = str(s, "type");
  const outcome = OUTCOMES.find((o) => o === str(s, "outcome"));
  const [id, entry, takeProfit, stopLoss, rr, pTp, marketTimeMs] = [
    num(s, "id"),
    num(s, "entry_price"),
    num(s, "take_profit"),
    num(s, "stop_loss"),
    num(s, "rr_ratio"),
    num(s, "p_tp"),
    num(s, "market_time_ms"),
  ];
  if ((type !== "LONG" && type !== "SHORT") || !outcome) return null;
  if (id === null || entry === null || takeProfit === null || stopLoss === null || rr === null || pTp === null || marketTimeMs === null) return null;
  return {
    id,
    symbol: (str(s, "symbol") ?? "—").toUpperCase(),
    type,
    timeframe: str(s, "timeframe") ?? "1h",
    entry,
    takeProfit,
    stopLoss,
    rr,
    pTp,
    expectedR: num(s, "expected_r"),
    expiryHours: num(s, "expiry_hours") ?? 48,
    outcome,
    rMultiple: num(s, "r_multiple"),
    marketTimeMs,
    replay: str(data, "market") !== "binance",
  };
}

export function useExampleSignal() {
  return useQuery({ queryKey: publicKeys.exampleSignal(), queryFn: () => apiQuery("/api/public/example-signal"), select: readExampleSignal });
}
