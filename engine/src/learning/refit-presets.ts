// Refit settings by name (REFIT_PRESET): the live job's full families, or a small forest for tests and quick checks.
import type { RefitOptions } from "../research/refit";
import { gbdtFamilyWith } from "../research/walkforward";

/** Small enough to fit the synthetic test market in about a second; the live job uses the full families. */
export const SMALL_REFIT: RefitOptions = {
  families: [gbdtFamilyWith({ trees: 8, learningRate: 0.1, maxLeaves: 4, minLeaf: 40, l2: 1, subsample: 0.8, seed: 3, maxBins: 16 })],
  geometries: [
    { k: 1, m: 1.5, hours: 24 },
    { k: 1, m: 1.5, hours: 48 },
  ],
  strideHours: 6,
  minTrainEvals: 300,
  selectDays: 20,
};

export const REFIT_PRESETS: Record<string, RefitOptions> = { full: {}, small: SMALL_REFIT };
