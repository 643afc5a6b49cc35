// The v4 SignalModel: one walk-forward fold's fitted scorer (trees or softmax) with its own calibration and bar; live analysis, the backtest and the replay score through it.
import { z } from "zod";
import { calibrateScore } from "./calibrated";
import { decideSides } from "./decide";
import { isCandidate, tradeFor } from "./geometry";
import { INPUT_NAMES_V4, inputVectorV4 } from "./inputs";
import { type Fitted, noveltyDistance, scoreRows } from "./score";
import type { Alternative, Scores, SideScore, SignalModel } from "./signal-model";
import type { PairRow, Regime, Snapshot } from "../snapshot";
import { isPlaceable, type Side } from "../trade";

const isotonic = z.object({ x: z.array(z.number()), y: z.array(z.number()) });
const standardisation = z.object({ mean: z.array(z.number()), std: z.array(z.number()) });

export const paramsV4Schema = z.object({
  version: z.literal(4),
  family: z.enum(["gbdt", "softmax"]),
  inputs: z.array(z.string()),
  geometry: z.object({ k: z.number(), m: z.number(), hours: z.number() }),
  // The fitted scorer as research serialises it (tree arrays, or softmax weights with their standardisation).
  scorer: z.custom<Fitted>((v) => typeof v === "object" && v !== null && "kind" in v),
  novelty: z.object({ std: standardisation, bar: z.number() }),
  calibration: z.object({ tp: isotonic, sl: isotonic, ev: isotonic, seEdges: z.array(z.number()), se: z.array(z.number()), z: z.number() }),
  /** the bar; null when no cut of the inner window paid (the version then issues nothing) */
  tau: z.number().nullable(),
  base_tp: z.object({ long: z.number(), short: z.number() }),
  inner: z.object({ rate: z.number(), meanR: z.number().nullable(), lower: z.number().nullable(), evaluations: z.number() }),
  /** ISO time: every training row's outcome had closed by then */
  trained_through: z.string(),
  training: z.object({
    from: z.string(),
    to: z.string(),
    evaluations: z.number(),
    pairs: z.number(),
    stride_hours: z.number(),
    folders: z.array(z.string()),
    block_days: z.number(),
  }),
});
export type ParamsV4 = z.infer<typeof paramsV4Schema>;

export function parseParamsV4(json: unknown): ParamsV4 {
  const p = paramsV4Schema.parse(json);
  if (p.inputs.join(",") !== INPUT_NAMES_V4.join(",")) throw new Error("model params were fitted on a different input list; run `bun run model:cv`");
  return p;
}

/** One side scored at `entry`: its trade, calibrated odds and shrunk expected R; a candidate only if the trade can be placed (and a SHORT has a perpetual). */
export function scoreSideV4(
  p: ParamsV4,
  row: PairRow,
  regime: Regime,
  side: Side,
  entry: number,
  funding: number | null,
  canShort: boolean,
): SideScore {
  const trade = tradeFor(row, side, entry, p.geometry, funding);
  const x = Float32Array.from(inputVectorV4(row, regime, side));
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
    candidate: isCandidate(row) && isPlaceable(trade) && (side === "LONG" || canShort),
  };
}

const view = (s: SideScore) => ({ evShrunk: s.ev, novelty: s.novelty, candidate: s.candidate !== false });

export function v4Model(p: ParamsV4, name = `fold ${p.trained_through.slice(0, 10)}`): SignalModel {
  const score = (row: PairRow, regime: Regime, entry: number, funding: number | null, canShort = true): Scores => ({
    LONG: scoreSideV4(p, row, regime, "LONG", entry, funding, canShort),
    SHORT: scoreSideV4(p, row, regime, "SHORT", entry, funding, canShort),
  });
  // Read at each call, not captured: a test may move the bar of a shipped version to exercise the rule.
  const tau = () => p.tau ?? Infinity;
  const decide = (s: Scores) => decideSides(view(s.LONG), view(s.SHORT), tau());
  const ranked = new WeakMap<Snapshot, Alternative[]>();
  return {
    score,
    lean(s) {
      const side: Side = s.LONG.ev >= s.SHORT.ev ? "LONG" : "SHORT";
      return { side, clears: s[side].ev > Math.max(0, tau()) };
    },
    decide,
    rank(snap, canShort = () => true) {
      let out = ranked.get(snap);
      if (!out) {
        out = [];
        for (const row of snap.rows) {
          const s = score(row, snap.regime, row.close, null, canShort(row.symbol));
          const v = decide(s);
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
    bar: () => Math.max(0, tau()),
    trained: () => `${p.training.from} → ${p.trained_through.slice(0, 10)}`,
    name: () => name,
  };
}
