// The geometry grid the walk-forward chooses from: σ-of-horizon stops over 24–96 h horizons (the study's point is the 48 h one).
import type { Geometry } from "./panel";

export const GEOMETRY_GRID: Geometry[] = [
  { k: 1, m: 1.5, hours: 24 },
  { k: 1, m: 1.5, hours: 48 },
  { k: 1, m: 1.5, hours: 96 },
];
