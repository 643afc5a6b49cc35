// What became of an issued signal (tracked by the engine on later candles), as the screens word and colour it.
export type OutcomeView = { text: string; tone: "pos" | "neg" | "muted" };

const LABELS: Record<string, string> = { OPEN: "Open", TP_HIT: "TP hit", SL_HIT: "SL hit", EXPIRED: "Expired" };

/** 'TP hit', 'Open' …; null for a No Trade or an unknown outcome. */
export const outcomeLabel = (outcome: string | null): string | null => LABELS[outcome?.toUpperCase() ?? ""] ?? null;

/** Null for a No Trade or an unknown outcome; closed outcomes carry their result in R after fees. */
export function outcomeView(outcome: string | null, rMultiple: number | null): OutcomeView | null {
  const key = outcome?.toUpperCase() ?? "";
  const label = outcomeLabel(key);
  if (!label) return null;
  if (key === "OPEN" || rMultiple === null) return { text: label, tone: "muted" };
  const r = `${rMultiple >= 0 ? "+" : "−"}${Math.abs(rMultiple).toFixed(2)}R`;
  return { text: `${label} · ${r}`, tone: rMultiple > 0 ? "pos" : rMultiple < 0 ? "neg" : "muted" };
}
