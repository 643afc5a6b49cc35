// A model version: one walk-forward fold's fitted model (scorer, calibration, bar) and what the registry records of it.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { SignalModel } from "./signal-model";
import { parseParamsV3, type ParamsV3, v3Model } from "./v3";

/** The fitted model a version carries (the scorer's JSON, its calibration and τ); opaque to the registry. */
export type ModelParams = ParamsV3;

export const parseModelParams = (json: unknown): ModelParams => parseParamsV3(json);
export const modelFromParams = (p: ModelParams): SignalModel => v3Model(p);

const inner = z.object({ rate: z.number(), meanR: z.number(), lower: z.number(), evaluations: z.number() });

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
});
export type ModelVersionMeta = z.infer<typeof modelVersionMetaSchema>;
export type ModelVersion = ModelVersionMeta & { params: ModelParams };

export const paramsHash = (params: unknown) => createHash("sha256").update(JSON.stringify(params)).digest("hex");

/** The version name: when its data ends and what it is, so two fits of the same data and code share a name. */
export const versionName = (trainedThrough: string, hash: string) => `v4-${trainedThrough.slice(0, 10).replaceAll("-", "")}-${hash.slice(0, 8)}`;
