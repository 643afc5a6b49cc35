// Labels: the tracker's outcome walk (stop first when one candle touches both; expiry at the horizon) for one or more targets.
import type { Candle } from "@core/candles";
import { firstTouch } from "../outcomes";

const HOUR = 3_600_000;

export type Outcome = "TP" | "SL" | "EXPIRED";
export const OUTCOME_CLASSES: Outcome[] = ["TP", "SL", "EXPIRED"];
export type PathLabel = { outcome: Outcome /** gross R (before costs) at the exit */; grossR: number; bars: number };

/**
 * Outcomes of trades entered at `entry` with stop distance `risk` and targets m·risk, on the candles from the issue time
 * (`path` starts at the first candle after issue and holds at most the expiry horizon). Null when the path is shorter
 * than `horizonBars` and no level was reached (the outcome is not known yet).
 */
export function labelPath(path: Candle[], side: 1 | -1, entry: number, risk: number, ms: number[], horizonBars: number): PathLabel[] | null {
  const n = Math.min(path.length, horizonBars);
  const type = side > 0 ? "LONG" : "SHORT";
  const complete = path.length >= horizonBars;
  // Each target through the tracker's own walk (outcomes/firstTouch), so labels and live outcomes cannot drift apart.
  const labels = ms.map((m): PathLabel => {
    const touch = firstTouch(path, type, entry - side * risk, entry + side * m * risk, n);
    if (touch?.hit === "SL") return { outcome: "SL", grossR: -1, bars: touch.index + 1 };
    if (touch?.hit === "TP") return { outcome: "TP", grossR: m, bars: touch.index + 1 };
    return { outcome: "EXPIRED", grossR: n ? (side * (path[n - 1].c - entry)) / risk : 0, bars: n };
  });
  return labels.some((l) => l.outcome === "EXPIRED") && !complete ? null : labels;
}

/**
 * The candles from the issue time `t` on, within the next `bars` hours, cut at the first missing hour: an outcome is never
 * read across a gap (a level touched after an outage may have been passed during it), so a path with a gap before
 * its exit is short and its label unknown.
 */
export function pathFrom(h1: Candle[], t: number, bars: number): Candle[] {
  let lo = 0;
  let hi = h1.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (h1[mid].t < t) lo = mid + 1;
    else hi = mid;
  }
  // The first candle must open within the hour after issue; every next one an hour after the last.
  if (lo >= h1.length || h1[lo].t >= t + HOUR) return [];
  let end = lo;
  while (end < h1.length && end - lo < bars && h1[end].t === h1[lo].t + (end - lo) * HOUR && h1[end].t < t + bars * HOUR) end++;
  return h1.slice(lo, end);
}
