// GET /api/market/pre-analysis: the gate (status, action, reasons), polled at twice the health interval (min 60 s).
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { marketKeys } from "./keys";
import { preAnalysisPollMs, useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";
import { type GateDecision, normalizeGate } from "./decode-market";

export type { GateDecision };

/** Spec 02 §2: hidden when CAUTION with an action starting WAIT. */
export const gateVisible = (g: GateDecision) => !(g.status.toUpperCase() === "CAUTION" && g.action.toUpperCase().startsWith("WAIT"));
/** Red when the status contains NO (NO_GO), otherwise green. */
export const gateTone = (g: GateDecision): "negative" | "positive" => (g.status.toUpperCase().includes("NO") ? "negative" : "positive");

export const fetchPreAnalysis = () => apiQuery("/api/market/pre-analysis");

export function usePreAnalysis() {
  const r = useRefreshIntervals();
  return useQuery({
    queryKey: marketKeys.preAnalysis(),
    queryFn: fetchPreAnalysis,
    select: normalizeGate,
    refetchInterval: useLivePoll(preAnalysisPollMs(r), "market"),
  });
}
