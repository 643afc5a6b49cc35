// A model version: one walk-forward fold's fitted model (scorer, calibration, bar) and what the registry records of it.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { SignalModel } from "./signal-model";
import { parseParamsV4, type ParamsV4, v4Model } from "./v4";

/**
 * A model whose training data ended longer ago than this at a clock issues no signals there (live, the replay and
 * research alike): a quarterly fold is at most ~100 days old, so 120 leaves a missed refit's margin, not a regime's.
 */
export const MODEL_MAX_AGE_DAYS_DEFAULT = 120;

/** The fitted model a version carries (the scorer's JSON, its calibration and τ); opaque to the registry. */
export type ModelParams = ParamsV4;

export const parseModelParams = (json: unknown): ModelParams => parseParamsV4(json);
/** The SignalModel of a version's params; `name` is the version it is published under. */
export const modelFromParams = (p: ModelParams, name?: string): SignalModel => v4Model(p, name);

/** null figures: no cut of the inner window paid, so the version issues nothing */
const inner = z.object({ rate: z.number(), meanR: z.number().nullable(), lower: z.number().nullable(), evaluations: z.number() });

/** What the registry stores beside the params: enough to choose, expire, promote and publish a version. */
export const modelVersionMetaSchema = z.object({
  /** "v4-<trained_through yyyymmdd>-<first 8 hex of params_hash>" */
  version: z.string(),
  /** ISO time: every training row's outcome closed at or before it (the fold's start in walk-forward) */
  trained_through: z.string(),
  /** ISO market time at which the version was fitted, and from which it may serve */
  trained_at: z.string(),
  family: z.enum(["gbdt", "softmax"]),
  geometry: z.object({ k: z.number(), m: z.number(), hours: z.number() }),
  horizon_hours: z.number(),
  /** the bar's figures on the version's own inner (selection) window, by the same rule the promotion gate compares */
  inner,
  params_hash: z.string(),
  source: z.enum(["walk-forward", "refit"]),
  /**
   * A refit only: the serving champion's lower bound on signals it never saw, measured on the refit's own rows by the
   * bar's rule (research/deployed.ts forwardLower); null when it had too few. The gate compares the challenger's inner
   * lower bound with this, as the as-deployed backtest does.
   */
  champion_forward_lower: z.number().nullable().optional(),
});
export type ModelVersionMeta = z.infer<typeof modelVersionMetaSchema>;
export type ModelVersion = ModelVersionMeta & { params: ModelParams };

export const paramsHash = (params: unknown) => createHash("sha256").update(JSON.stringify(params)).digest("hex");

/** The version name: when its data ends and what it is, so two fits of the same data and code share a name. */
export const versionName = (trainedThrough: string, hash: string) => `v4-${trainedThrough.slice(0, 10).replaceAll("-", "")}-${hash.slice(0, 8)}`;
