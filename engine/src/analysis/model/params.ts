// The fitted parameter file (params.json): schema, loading, and scoring one side of one pair with it.
import { z } from "zod";
import { applyIsotonic } from "./calibration";
import { INPUT_NAMES } from "./inputs";
import { predictRow, standardiseRow } from "./softmax";

const isotonic = z.object({ x: z.array(z.number()), y: z.array(z.number()) });
const linear = z.object({
  standardisation: z.object({ mean: z.array(z.number()), std: z.array(z.number()) }),
  intercepts: z.array(z.number()),
  weights: z.array(z.array(z.number())),
});

export const modelParamsSchema = linear.extend({
  version: z.literal(2),
  model: z.literal("softmax-l2"),
  outcomes: z.tuple([z.literal("TP"), z.literal("SL"), z.literal("EXPIRED")]),
  inputs: z.array(z.string()),
  geometry: z.object({ k: z.number(), m: z.number(), expiry_hours: z.number(), max_cost_r: z.number() }),
  lambda: z.number(),
  novelty_bar: z.number(),
  reference: linear.extend({ inputs: z.array(z.string()) }),
  calibration: z.object({
    method: z.string(),
    tp: isotonic,
    sl: isotonic,
    exp: isotonic,
    ev: isotonic,
    expiry_r: z.object({ long: z.number(), short: z.number() }),
    tau: z.number(),
    margin_r: z.number(),
    inner: z.object({ rate: z.number(), mean_r: z.number(), evaluations: z.number() }),
  }),
  training: z.object({ from: z.string(), to: z.string(), rows: z.number(), pairs: z.number(), stride_hours: z.number(), folder: z.string() }),
});
export type ModelParams = z.infer<typeof modelParamsSchema>;

export function parseModelParams(json: unknown): ModelParams {
  const p = modelParamsSchema.parse(json);
  if (p.inputs.join(",") !== INPUT_NAMES.join(",")) throw new Error("model params were fitted on a different input list; run `bun run model:fit`");
  return p;
}

type Linear = z.infer<typeof linear>;
const softmaxOf = (m: Linear) => ({ classes: 3, intercepts: m.intercepts, weights: m.weights });

/** Raw class probabilities [TP, SL, EXPIRED] for one input vector. */
export function rawProbabilities(m: Linear, x: ArrayLike<number>): number[] {
  return predictRow(softmaxOf(m), standardiseRow(x, m.standardisation));
}

/** Novelty: RMS standardised distance from the training mean over the bar (above 1 = outside the training cloud). */
export function noveltyScore(p: ModelParams, x: ArrayLike<number>): number {
  const z = standardiseRow(x, p.standardisation);
  let s = 0;
  for (const v of z) s += v * v;
  return Math.sqrt(s / z.length) / p.novelty_bar;
}

export const calibrate = (iso: { x: number[]; y: number[] }, v: number) => applyIsotonic(iso, v);
