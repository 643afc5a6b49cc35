// Schema of the fitted parameter file (params.json) and calibrated probability from it.
import { z } from "zod";
import type { Features } from "../features";
import { linear, sigmoid, standardise } from "./logistic";
import type { Setup } from "./setup";
import { FEATURE_NAMES, featureVector } from "./vector";

const period = z.object({ from: z.string(), to: z.string(), samples: z.number() });
const metricsSchema = z.object({ n: z.number(), base_rate: z.number(), log_loss: z.number(), brier: z.number(), auc: z.number() });

export const modelParamsSchema = z.object({
  model: z.literal("logistic-l2"),
  target: z.string(),
  feature_names: z.array(z.string()),
  standardisation: z.object({ mean: z.array(z.number()), std: z.array(z.number()) }),
  lambda: z.number(),
  intercept: z.number(),
  weights: z.array(z.number()),
  calibration: z.object({ method: z.literal("platt"), a: z.number(), b: z.number() }),
  training: period,
  calibration_period: period,
  validation: z.object({
    scheme: z.string(),
    folds: z.array(z.object({ train: period, validate: period, lambda: z.number(), metrics: metricsSchema })),
    calibration_fold: metricsSchema,
  }),
  data: z.object({ folder: z.string(), symbols: z.number(), stride_hours: z.number(), expiry_bars: z.number(), timeframe: z.string() }),
});
export type ModelParams = z.infer<typeof modelParamsSchema>;

export function parseModelParams(json: unknown): ModelParams {
  const p = modelParamsSchema.parse(json);
  if (p.feature_names.join(",") !== FEATURE_NAMES.join(",")) {
    throw new Error("model params were fitted on a different feature list; run `bun run model:fit`");
  }
  return p;
}

/** Raw (uncalibrated) linear score for one candidate setup. */
export function rawScore(p: Pick<ModelParams, "standardisation" | "intercept" | "weights">, x: number[]): number {
  return linear({ intercept: p.intercept, weights: p.weights }, standardise(x, p.standardisation));
}

/** Calibrated probability that the setup's take-profit is hit before its stop within the expiry horizon. */
export function probability(p: ModelParams, f: Features, setup: Setup): number {
  const z = rawScore(p, featureVector(f, setup));
  return sigmoid(p.calibration.a * z + p.calibration.b);
}
