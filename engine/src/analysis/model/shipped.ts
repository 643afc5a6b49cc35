// The model versions the engine ships (one per walk-forward fold, in ./versions): what the registry is seeded with, what the backtest scores with, and the fallback of a process without a registry.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { SignalModel } from "./signal-model";
import { type ModelVersion, modelFromParams, modelVersionMetaSchema, parseModelParams } from "./version";

export const VERSIONS_DIR = join(import.meta.dir, "versions");

/** A version file as model:cv writes it, checked: its meta, its params, and the out-of-fold figures of its quarter when known. */
export function readVersionFile(path: string): ModelVersion & { oof?: unknown } {
  const raw = JSON.parse(gunzipSync(readFileSync(path)).toString("utf8"));
  return { ...modelVersionMetaSchema.parse(raw), params: parseModelParams(raw.params), oof: raw.oof };
}

const cache = new Map<string, ModelVersion[]>();
/** Every shipped version, oldest first by when it may serve. */
export function shippedVersions(dir = VERSIONS_DIR): (ModelVersion & { oof?: unknown })[] {
  let out = cache.get(dir);
  if (!out) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json.gz")) : [];
    out = files.map((f) => readVersionFile(join(dir, f))).sort((a, b) => a.trained_at.localeCompare(b.trained_at));
    cache.set(dir, out);
  }
  return out;
}

/** The version a live engine would have served at `clock`: the latest whose trained_at is not after it. */
export function shippedVersionAt(clock: number, dir = VERSIONS_DIR): ModelVersion | null {
  return shippedVersions(dir).findLast((v) => Date.parse(v.trained_at) <= clock) ?? null;
}

/** The newest shipped version: what `bun run backtest` without refits and a process without a registry score with. */
export function latestShipped(dir = VERSIONS_DIR): ModelVersion {
  const v = shippedVersions(dir).at(-1);
  if (!v) throw new Error(`no model versions in ${dir}; run \`bun run model:cv -- --versions ${dir}\``);
  return v;
}

const models = new Map<string, SignalModel>();
/** One SignalModel per version, built once. */
export function modelOf(v: ModelVersion): SignalModel {
  let m = models.get(v.version);
  if (!m) {
    m = modelFromParams(v.params, v.version);
    models.set(v.version, m);
  }
  return m;
}
