// Model versions from research: every walk-forward fold's model as the version a live engine would have served from the fold's start, and the next fold after the data (what ships).
import { gzipSync } from "node:zlib";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ParamsV4 } from "../analysis/model/v4";
import { type ModelVersion, paramsHash, versionName } from "../analysis/model/version";
import { chooseAt, type Choice, type Combo, type CvOptions } from "./cv";
import type { Panel } from "./panel";
import { type BlockModel, type Family, fitBlockModel, purgeMs } from "./walkforward";

const iso = (t: number) => new Date(t).toISOString();
/** JSON has no ±Infinity: a bar no cut cleared (Infinity) and its missing figures are stored as null. */
const finite = (x: number) => (Number.isFinite(x) ? x : null);

export type Meta = { folders: string[]; stride: number; blockDays: number };

/** A fold's choice and model as a version: it may serve from `start`, the first clock its training data allowed. */
export function versionOf(
  p: Panel,
  ch: Choice,
  model: BlockModel,
  start: number,
  meta: Meta,
  source: ModelVersion["source"] = "walk-forward",
): ModelVersion {
  const trained = Array.from(p.t).filter((t) => t < start);
  const params: ParamsV4 = {
    version: 4,
    family: ch.family as ParamsV4["family"],
    inputs: [...p.names],
    geometry: p.geometries[ch.g],
    scorer: model.fitted,
    novelty: model.novelty,
    calibration: ch.cal,
    tau: finite(ch.tau),
    base_tp: ch.baseTp,
    inner: { rate: ch.inner.rate, meanR: finite(ch.inner.meanR), lower: finite(ch.inner.lower), evaluations: ch.inner.evaluations },
    trained_through: iso(model.trainedThrough),
    training: {
      from: trained.length ? iso(Math.min(...trained)).slice(0, 10) : "n/a",
      to: iso(model.trainedThrough).slice(0, 10),
      evaluations: trained.length,
      pairs: p.symbols.length,
      stride_hours: meta.stride,
      folders: meta.folders,
      block_days: meta.blockDays,
    },
  };
  const hash = paramsHash(params);
  return {
    version: versionName(params.trained_through, hash),
    trained_through: params.trained_through,
    trained_at: iso(start),
    family: params.family,
    geometry: params.geometry,
    horizon_hours: params.geometry.hours,
    inner: params.inner,
    params_hash: hash,
    source,
    params,
  };
}

/**
 * The fold after the last row, fitted exactly as every quarter is: the family and geometry, calibration and bar chosen
 * on the out-of-fold rows before it, the chosen scorer fitted on every row whose outcome closed before it.
 */
export function nextVersion(p: Panel, combos: Combo[], families: Family[], meta: Meta, o: CvOptions, log: (m: string) => void): ModelVersion {
  const last = p.t.reduce((a, t) => Math.max(a, t), -Infinity);
  const start = last + purgeMs(p) + 1;
  const pick = chooseAt(p, combos, start, o);
  if (!pick) throw new Error("too little out-of-fold history to choose a model");
  const train: number[] = [];
  for (let e = 0; e < p.evals; e++) if (p.t[e] + purgeMs(p) <= start) train.push(2 * e, 2 * e + 1);
  const model = fitBlockModel(p, pick.c.g, families.find((f) => f.name === pick.c.family)!, train);
  log(
    `next fold: ${pick.c.family} ${JSON.stringify(p.geometries[pick.c.g])} τ ${pick.ch.tau.toFixed(4)}, trained through ${iso(model.trainedThrough)}`,
  );
  return versionOf(p, pick.ch, model, start, meta);
}

/** Writes each version as `<dir>/<version>.json.gz` (and nothing else: older versions of the folder are replaced). */
export function writeVersions(dir: string, versions: (ModelVersion & { oof?: unknown })[]) {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.endsWith(".json.gz")) rmSync(join(dir, f));
  for (const v of versions) writeFileSync(join(dir, `${v.version}.json.gz`), gzipSync(JSON.stringify(v), { level: 9 }));
}
