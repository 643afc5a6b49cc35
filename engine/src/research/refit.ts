// The live refit's research step (interim, v3 pipeline; the lead replaces its internals): one version from rows closed before `clock`.
import { type ModelVersion, paramsHash, versionName } from "../analysis/model/version";
import type { SymbolData } from "../analysis/model/dataset";
import type { Combo } from "./cv";
import { fitFinal } from "./fit";
import { GEOMETRY_GRID } from "./grid";
import { buildPanel, clocksOf, type Geometry, type Panel } from "./panel";
import { FAMILIES } from "./run";
import { type Family, walkForward } from "./walkforward";

const HOUR = 3_600_000;

export type RefitOptions = {
  families?: Family[];
  geometries?: Geometry[];
  strideHours?: number;
  minTrainEvals?: number;
  selectDays?: number;
  log?: (m: string) => void;
};

/**
 * What a refit at `clock` may learn from: candles closed by `clock` (and funding in force by then), and only clocks
 * whose longest-horizon outcome window closed by `clock`, so no row's label reads a candle after it.
 */
export function refitPanel(data: SymbolData[], clock: number, o: RefitOptions = {}): Panel {
  const geometries = o.geometries ?? GEOMETRY_GRID;
  const horizon = Math.max(...geometries.map((g) => g.hours)) * HOUR;
  const known = data
    .map((s) => ({ symbol: s.symbol, h1: s.h1.filter((k) => k.t + HOUR <= clock), funding: s.funding.filter((f) => f.t <= clock) }))
    .filter((s) => s.h1.length);
  const clocks = clocksOf(known, o.strideHours ?? 6).filter((t) => t + horizon <= clock);
  return buildPanel(known, clocks, geometries, o.log);
}

/**
 * One challenger at `clock`: the v3 walk-forward over every family and geometry on the rows closed before `clock`, the
 * choice model:fit makes after the last row, and the chosen scorer fitted on all of them. Null when the history is too
 * short to choose. `previous` (the registry's versions) is unused by this interim version.
 */
export function refitVersion(data: SymbolData[], clock: number, _previous: ModelVersion[], o: RefitOptions = {}): ModelVersion | null {
  const log = o.log ?? (() => {});
  const panel = refitPanel(data, clock, o);
  if (!panel.evals) return null;
  const families = o.families ?? FAMILIES;
  const combos: Combo[] = [];
  for (const family of families)
    panel.geometries.forEach((_, g) => {
      combos.push({ family: family.name, g, wf: walkForward(panel, g, family, log, o.minTrainEvals) });
    });
  let params: ReturnType<typeof fitFinal>;
  try {
    params = fitFinal(panel, combos, families, { folders: ["candle-store"], stride: o.strideHours ?? 6 }, log, o.selectDays);
  } catch (err) {
    log(`refit: ${(err as Error).message}`);
    return null;
  }
  // No cut of the inner window kept a positive mean: a model that issues nothing is no challenger.
  if (!Number.isFinite(params.tau) || !Number.isFinite(params.inner.lower ?? Number.NaN)) {
    log("refit: no bar on the inner window; no challenger");
    return null;
  }
  // Round-tripped through JSON, as the registry stores it, so the hash is that of the stored params.
  const stored = JSON.parse(JSON.stringify(params)) as typeof params;
  const hash = paramsHash(stored);
  const through = new Date(clock).toISOString();
  return {
    version: versionName(through, hash),
    trained_through: through,
    trained_at: through,
    family: stored.family,
    geometry: stored.geometry,
    horizon_hours: stored.geometry.hours,
    inner: { ...stored.inner, lower: stored.inner.lower ?? Number.NEGATIVE_INFINITY },
    params_hash: hash,
    source: "refit",
    params: stored,
  };
}
