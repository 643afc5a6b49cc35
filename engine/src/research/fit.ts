// `model:fit` v3: the same choice the walk-forward makes for a quarter, made once after the last row, and the chosen scorer refitted on every row into params.json.
import type { ParamsV3 } from "../analysis/model/v3";
import { chooseAt, type Combo } from "./cv";
import type { Panel } from "./panel";
import { fitNovelty, purgeMs, type Family } from "./walkforward";

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

export function fitFinal(
  p: Panel,
  combos: Combo[],
  families: Family[],
  meta: { folders: string[]; stride: number },
  log: (m: string) => void,
  selectDays?: number,
): ParamsV3 {
  const last = p.t.reduce((a, t) => Math.max(a, t), -Infinity);
  const first = p.t.reduce((a, t) => Math.min(a, t), Infinity);
  const after = last + purgeMs(p) + 1;
  const pick = chooseAt(p, combos, after, selectDays);
  if (!pick) throw new Error("model:fit: too little out-of-fold history to choose a model");
  const { c, ch } = pick;
  log(
    `chosen: ${c.family}, geometry ${JSON.stringify(p.geometries[c.g])}, τ ${ch.tau.toFixed(4)} (inner rate ${ch.inner.rate.toFixed(3)}, mean R ${ch.inner.meanR.toFixed(4)})`,
  );
  const all = Int32Array.from({ length: p.evals * 2 }, (_, i) => i);
  const family = families.find((f) => f.name === c.family)!;
  const scorer = family.fit(p, c.g, all);
  return {
    version: 3,
    family: family.name,
    inputs: [...p.names],
    geometry: p.geometries[c.g],
    scorer,
    novelty: fitNovelty(p.x, p.d, all),
    calibration: ch.cal,
    tau: ch.tau,
    base_tp: ch.baseTp,
    inner: ch.inner,
    training: {
      from: iso(first),
      to: iso(last),
      evaluations: p.evals,
      pairs: new Set(p.sym).size,
      stride_hours: meta.stride,
      folders: meta.folders,
    },
  };
}
