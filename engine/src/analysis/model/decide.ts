// The one decision rule of live analysis, the backtest and cross-validation: the better side by shrunk expected R, issued when it clears τ.
import type { Side } from "../trade";

/** What the rule reads of one side: its shrunk expected R after costs, its novelty (> 1 = outside the training cloud), whether it is a candidate at all. */
export type SideView = { evShrunk: number; novelty: number; candidate: boolean };

export type Decision = { issue: true; side: Side } | { issue: false; side: Side; why: "novel" | "below_bar" | "no_candidate" | "expired" };

/**
 * The side with the higher shrunk expected R; issued only when the side is a candidate (placeable, and a SHORT has a
 * perpetual), the row lies inside the training cloud and its shrunk expected R clears τ (never below 0). The market
 * gate is not part of it: research has no gate to model, so live shows the gate and never decides by it.
 */
export function decideSides(long: SideView, short: SideView, tau: number): Decision {
  const side: Side = long.evShrunk >= short.evShrunk ? "LONG" : "SHORT";
  const v = side === "LONG" ? long : short;
  if (!v.candidate) return { issue: false, side, why: "no_candidate" };
  if (!(v.novelty <= 1)) return { issue: false, side, why: "novel" };
  if (!(v.evShrunk > Math.max(0, tau))) return { issue: false, side, why: "below_bar" };
  return { issue: true, side };
}
