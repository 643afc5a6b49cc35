// Start Trading readings on top of the shared entities (@web/entities/analysis): its No Trade default and refund badge.
import type { Signal } from "@web/entities/analysis/model/readers";
import type { SignalType } from "@web/entities/analysis/model/signal-type";

/** On this screen a signal whose direction cannot be read counts as NO_TRADE. */
export const tradeType = (s: Pick<Signal, "type">): SignalType => s.type ?? "NO_TRADE";

/** True when the credit of this signal went back to the user (RELEASED, or a No Trade without a status). */
export const isRefunded = (s: Pick<Signal, "creditsStatus" | "type">) =>
  s.creditsStatus ? s.creditsStatus.toUpperCase() === "RELEASED" : tradeType(s) === "NO_TRADE";
