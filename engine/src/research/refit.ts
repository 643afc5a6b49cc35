// The live refit's research step: one challenger from rows closed before `clock`, fitted as every fold is, and the serving champion's forward figure the gate compares it with.
import type { SymbolData } from "../analysis/model/dataset";
import { type ModelVersion, parseModelParams } from "../analysis/model/version";
import { ciBlockDays } from "../backtest/stats";
import { ENTRY_DELAY_HOURS } from "../analysis/model/geometry";
import type { Combo } from "./cv";
import { GEOMETRY_GRID } from "./grid";
import { buildPanel, clocksOf, type Geometry, type Panel } from "./panel";
import { FAMILIES } from "./run";
import { forwardLowerOfVersion } from "./deployed";
import { nextVersion } from "./versions";
import { type Family, purgeMs, walkForward } from "./walkforward";

const HOUR = 3_600_000;

export type RefitOptions = {
  families?: Family[];
  geometries?: Geometry[];
  strideHours?: number;
  minTrainEvals?: number;
  selectDays?: number;
  maxAgeDays?: number;
  log?: (m: string) => void;
};

/**
 * What a refit at `clock` may learn from: candles closed by `clock` (and funding in force by then), and only clocks
 * whose longest outcome window (entry delay included) closed by `clock`, so no row's label reads a candle after it.
 */
export function refitPanel(data: SymbolData[], clock: number, o: RefitOptions = {}): Panel {
  const geometries = o.geometries ?? GEOMETRY_GRID;
  const known = data
    .map((s) => ({
      ...s,
      h1: s.h1.filter((k) => k.t + HOUR <= clock),
      funding: s.funding.filter((f) => f.t <= clock),
      m5: s.m5?.filter((k) => k.t < clock),
    }))
    .filter((s) => s.h1.length);
  const horizon = (ENTRY_DELAY_HOURS + Math.max(...geometries.map((g) => g.hours))) * HOUR;
  const clocks = clocksOf(known, o.strideHours ?? 6).filter((t) => t + horizon <= clock);
  return buildPanel(known, clocks, geometries, o.log);
}

/**
 * One challenger at `clock`: the walk-forward over every family and geometry on the rows closed before `clock`, then
 * the fold after the last row fitted exactly as every quarter is (research/versions.ts nextVersion). Null when the
 * history is too short to choose. `previous` (the registry's champions trained by `clock`) gives the one serving now,
 * whose lower bound on signals it never saw (on this same panel, by the bar's rule) the gate compares the challenger with.
 */
export function refitVersion(data: SymbolData[], clock: number, previous: ModelVersion[], o: RefitOptions = {}): ModelVersion | null {
  const log = o.log ?? (() => {});
  const panel = refitPanel(data, clock, o);
  if (!panel.evals) return null;
  const families = o.families ?? FAMILIES;
  const combos: Combo[] = [];
  for (const family of families)
    panel.geometries.forEach((_, g) => {
      combos.push({ family: family.name, g, wf: walkForward(panel, g, family, log, o.minTrainEvals) });
    });
  const blockDays = ciBlockDays(purgeMs(panel) / HOUR);
  const meta = { folders: ["candle-store"], stride: o.strideHours ?? 6, blockDays };
  let v: ModelVersion;
  try {
    v = nextVersion(panel, combos, families, meta, { blockDays, selectDays: o.selectDays, maxAgeDays: o.maxAgeDays }, log);
  } catch (err) {
    log(`refit: ${(err as Error).message}`);
    return null;
  }
  // The registry stores JSON: a version whose params do not read back (a NaN figure) is no challenger.
  try {
    parseModelParams(JSON.parse(JSON.stringify(v.params)));
  } catch (err) {
    log(`refit: the fitted params do not survive JSON (${String((err as Error).message).slice(0, 200)})`);
    return null;
  }
  const champion = previous
    .filter((x) => Date.parse(x.trained_at) <= clock)
    .sort((a, b) => a.trained_at.localeCompare(b.trained_at))
    .at(-1);
  const forward = champion ? forwardLowerOfVersion(panel, champion, clock, { blockDays, selectDays: o.selectDays, maxAgeDays: o.maxAgeDays }) : null;
  // A refit serves from its own clock (the fold's start would be the first clock its data allowed, a little earlier).
  return { ...v, trained_at: new Date(clock).toISOString(), source: "refit", champion_forward_lower: forward };
}
