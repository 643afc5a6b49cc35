// The v3 SignalModel: one fitted scorer (trees or softmax), its calibration and bar, read from params.json; live analysis and the backtest score through it.
import { z } from "zod";
import { calibrateScore } from "../../research/calibrate";
import { isCandidate, tradeFor } from "../../research/panel";
import { noveltyDistance, scoreRows, type Fitted } from "../../research/walkforward";
import type { PairRow, Regime, Snapshot } from "../snapshot";
import type { Side } from "../trade";
import { decideSides } from "./decide";
import { INPUT_NAMES_V3, inputVectorV3 } from "./inputs";
import type { Alternative, Scores, SideScore, SignalModel } from "./signal-model";

const isotonic = z.object({ x: z.array(z.number()), y: z.array(z.number()) });
const standardisation = z.object({ mean: z.array(z.number()), std: z.array(z.number()) });

export const paramsV3Schema = z.object({
  version: z.literal(3),
  family: z.enum(["gbdt", "softmax"]),
  inputs: z.array(z.string()),
  geometry: z.object({ k: z.number(), m: z.number(), hours: z.number() }),
  // The fitted scorer as walkforward.ts serialises it (tree arrays, or softmax weights with their standardisation).
  scorer: z.custom<Fitted>((v) => typeof v === "object" && v !== null && "kind" in v),
  novelty: z.object({ std: standardisation, bar: z.number() }),
  calibration: z.object({ tp: isotonic, sl: isotonic, ev: isotonic, seEdges: z.array(z.number()), se: z.array(z.number()), z: z.number() }),
  tau: z.number(),
  base_tp: z.object({ long: z.number(), short: z.number() }),
  inner: z.object({ rate: z.number(), meanR: z.number(), lower: z.number().optional(), evaluations: z.number() }),
  training: z.object({
    from: z.string(),
    to: z.string(),
    evaluations: z.number(),
    pairs: z.number(),
    stride_hours: z.number(),
    folders: z.array(z.string()),
  }),
});
export type ParamsV3 = z.infer<typeof paramsV3Schema>;

export function parseParamsV3(json: unknown): ParamsV3 {
  const p = paramsV3Schema.parse(json);
  if (p.inputs.join(",") !== INPUT_NAMES_V3.join(",")) throw new Error("model params were fitted on a different input list; run `bun run model:fit`");
  return p;
}

export function scoreSideV3(p: ParamsV3, row: PairRow, regime: Regime, side: Side, entry: number, funding: number | null): SideScore {
  const trade = tradeFor(row, side, entry, p.geometry, funding);
  const x = Float32Array.from(inputVectorV3(row, regime, side));
  const raw = scoreRows(p.scorer, x, x.length, [0])[0];
  const c = calibrateScore(p.calibration, raw);
  return {
    trade,
    pTp: c.pTp,
    pSl: c.pSl,
    pExp: c.pExp,
    referenceTp: side === "LONG" ? p.base_tp.long : p.base_tp.short,
    expiryR: c.pExp > 0 ? (c.ev + trade.costR - c.pTp * trade.rr + c.pSl) / c.pExp : 0,
    evRaw: c.ev,
    ev: c.evShrunk,
    novelty: noveltyDistance(x, p.novelty.std) / p.novelty.bar,
    candidate: isCandidate(row),
  };
}

const view = (s: SideScore) => ({ evShrunk: s.ev, novelty: s.novelty, candidate: s.candidate !== false });

export function v3Model(p: ParamsV3): SignalModel {
  const score = (row: PairRow, regime: Regime, entry: number, funding: number | null): Scores => ({
    LONG: scoreSideV3(p, row, regime, "LONG", entry, funding),
    SHORT: scoreSideV3(p, row, regime, "SHORT", entry, funding),
  });
  const decide = (s: Scores, gate: string | null) => decideSides(view(s.LONG), view(s.SHORT), p.tau, gate);
  const ranked = new WeakMap<Snapshot, Alternative[]>();
  return {
    score,
    lean(s) {
      const side: Side = s.LONG.ev >= s.SHORT.ev ? "LONG" : "SHORT";
      return { side, clears: s[side].ev > Math.max(0, p.tau) };
    },
    decide,
    rank(snap) {
      let out = ranked.get(snap);
      if (!out) {
        out = [];
        for (const row of snap.rows) {
          const s = score(row, snap.regime, row.close, null);
          const v = decide(s, null);
          if (!v.issue) continue;
          const b = s[v.side];
          out.push({
            symbol: row.symbol,
            side: v.side,
            expected_r: Math.round(b.ev * 1e4) / 1e4,
            p_tp: Math.round(b.pTp * 1e4) / 1e4,
            venue: b.trade.costs.venue,
          });
        }
        out.sort((a, b) => b.expected_r - a.expected_r || a.symbol.localeCompare(b.symbol));
        ranked.set(snap, out);
      }
      return out;
    },
    bar: () => Math.max(0, p.tau),
    trained: () => `${p.training.from} → ${p.training.to}`,
  };
}
