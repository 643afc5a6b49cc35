// Start Trading's refund badge on top of the signal entity (@web/entities/signal).
import type { Signal } from "@web/entities/signal/api/decode-signal";

/** True when the credit of this signal went back to the user (RELEASED, or a No Trade without a status). */
export const isRefunded = (s: Pick<Signal, "credits_status" | "type">) =>
  s.credits_status ? s.credits_status === "RELEASED" : s.type === "NO_TRADE";
