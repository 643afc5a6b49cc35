// The decoders of the public pages' answers (landing example signal, live preview, the signed-in hero's stats, the contact
// form's result): each spelling folded into the shape its card reads.
import { isObj, num, obj, str, unwrap } from "@web/lib/decode";

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

export type LiveAnalysis = { id: string; symbol: string; createdAt: string | null; status: string; progress: number | null };

export type PublicLive = { signalsGenerated: number | null; activeAnalyses: number | null; live: LiveAnalysis[] };

export const LIVE_CARD_LIMIT = 3;

const DONE = /final|finish|complet|done|closed|success|ready/i;

export function normalizePublicLive(raw: unknown): PublicLive | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const list = [data.live, data.analyses, data.live_analyses, data.items].find(Array.isArray) ?? [];
  const live = list
    .filter(isObj)
    .map(
      (a, i): LiveAnalysis => ({
        id: String(a.id ?? a.request_id ?? `${i}`),
        symbol: (str(a, "symbol") ?? "—").toUpperCase(),
        createdAt: str(a, "created_at", "createdAt"),
        status: str(a, "status") ?? "IN_PROGRESS",
        progress: num(a, "progress", "progress_percent"),
      }),
    )
    .filter((a) => !DONE.test(a.status))
    .slice(0, LIVE_CARD_LIMIT);
  return {
    signalsGenerated: num(data, "signals_generated", "signals_count", "total_signals"),
    activeAnalyses: num(data, "active_analyses", "active_count", "live_count"),
    live,
  };
}

export type UserStats = { activeSignals: number | null; avgConfidencePercent: number | null; credits: number | null };

export function normalizeUserStats(raw: unknown): UserStats | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const conf = num(data, "avgConfidence", "avg_confidence");
  return {
    activeSignals: num(data, "activeSignals", "active_signals"),
    // Confidence may come as 0..1 or as a percent; the badge shows a whole percent.
    avgConfidencePercent: conf === null || conf <= 0 ? null : Math.round(conf <= 1 ? conf * 100 : conf),
    credits: num(data, "credits", "creditsRemaining"),
  };
}

export type ContactResult = { ticket_id?: number | string; detail?: string; message?: string };

export function contactSuccessText(result: unknown): string {
  const id = isObj(result) ? (num(result, "ticket_id") ?? str(result, "ticket_id")) : null;
  return id !== null ? `Your ticket ID: ${id}. Check your email for confirmation.` : "Thank you for contacting us. We'll get back to you soon.";
}
