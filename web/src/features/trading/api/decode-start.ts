// The decoder of POST /api/analysis/start's answer: the two fields the client reads (spec 02 §7), symbol and request_id.
import { isObj, num, str } from "@web/lib/decode";

/** The two fields the client reads from the answer (spec 02 §7): symbol and request_id. */
export function readStartResult(raw: unknown, sent: string): { symbol: string; requestId: number | null } {
  if (!isObj(raw)) return { symbol: sent, requestId: null };
  return { symbol: (str(raw, "symbol") ?? sent).toUpperCase(), requestId: num(raw, "request_id", "analysis_request_id", "id") };
}
