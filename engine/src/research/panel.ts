// The v3 research panel: every pair every `stride` hours over all recorded eras, both sides, v3 inputs, and each side's outcome under each σ-of-horizon geometry.
import type { Candle } from "@core/candles";
import { OUTCOME_CLASSES, tradeOutcome } from "../analysis/label";
import { INPUT_NAMES_V3, inputVectorV3 } from "../analysis/model/inputs";
import { buildSnapshot, type PairRow, type Snapshot } from "../analysis/snapshot";
import { buildTrade, costsFor, sigmaUnit, type Side } from "../analysis/trade";
import { fundingInForce } from "../market/providers/funding";
import type { SymbolData } from "../analysis/model/dataset";

const HOUR = 3_600_000;
const SIDES: Side[] = ["LONG", "SHORT"];

/** Stop = k σ of the `hours`-hour return, target = m × stop, expiry `hours`. */
export type Geometry = { k: number; m: number; hours: number };

/** Hourly σ below 0.1 %: stablecoins and pairs that stopped trading are no trading candidates. */
export const MIN_SIGMA_1H = 0.001;
/** The most liquid pairs at a clock (by 24 h quote volume at that clock, so no pair's later fate decides it). */
export const LIQUID_TOP = 30;

export const isCandidate = (r: PairRow) => r.sigma168 >= MIN_SIGMA_1H;

/** One side of one pair's trade under a geometry: the one builder of live scoring and the labels. */
export function tradeFor(r: PairRow, side: Side, entry: number, g: Geometry, funding: number | null) {
  const costs = costsFor(side, r.quoteVolume24h, funding, g.hours);
  return { ...buildTrade(side, entry, sigmaUnit(entry, r.sigma168, g.hours), { k: g.k, m: g.m }, costs), expiryHours: g.hours };
}

export type Panel = {
  symbols: string[];
  geometries: Geometry[];
  names: readonly string[];
  /** evaluations (pair × clock); rows are 2e (LONG) and 2e + 1 (SHORT) */
  evals: number;
  d: number;
  sym: Int32Array;
  t: Float64Array;
  /** rank of the pair by 24 h quote volume among the candidates at that clock (0 = most liquid) */
  liqRank: Int32Array;
  /** the side of the pair's 168 h return (+1 / −1): the 7-day trend baseline */
  trend: Int8Array;
  /** rows × d inputs */
  x: Float32Array;
  /** per geometry, per row: class (0 TP, 1 SL, 2 EXPIRED), net R after costs, costs in R */
  y: Int8Array[];
  r: Float32Array[];
  costR: Float32Array[];
};

type Acc = { sym: number[]; t: number[]; liq: number[]; trend: number[]; x: number[]; y: number[][]; r: number[][]; c: number[][] };

function labelled(h1: Candle[], row: PairRow, at: number, geometries: Geometry[], funding: number | null) {
  const out: { y: number; r: number; c: number }[][] = [];
  for (const side of SIDES) {
    const per: { y: number; r: number; c: number }[] = [];
    for (const g of geometries) {
      const tr = tradeFor(row, side, row.close, g, funding);
      const l = tr.risk > 0 ? tradeOutcome(h1, at, tr) : null;
      if (!l) return null;
      per.push({ y: OUTCOME_CLASSES.indexOf(l.outcome), r: l.r, c: tr.costR });
    }
    out.push(per);
  }
  return out;
}

function addClock(acc: Acc, snap: Snapshot, data: Map<string, { i: number; d: SymbolData }>, geometries: Geometry[]) {
  const cands = snap.rows.filter(isCandidate);
  const byLiq = [...cands].sort((a, b) => b.quoteVolume24h - a.quoteVolume24h).map((r) => r.symbol);
  for (const row of cands) {
    const src = data.get(row.symbol)!;
    const labels = labelled(src.d.h1, row, snap.at, geometries, fundingInForce(src.d.funding, snap.at));
    if (!labels) continue;
    acc.sym.push(src.i);
    acc.t.push(snap.at);
    acc.liq.push(byLiq.indexOf(row.symbol));
    acc.trend.push(row.z168 >= 0 ? 1 : -1);
    SIDES.forEach((side, si) => {
      for (const v of inputVectorV3(row, snap.regime, side)) acc.x.push(v);
      geometries.forEach((_, gi) => {
        acc.y[gi].push(labels[si][gi].y);
        acc.r[gi].push(labels[si][gi].r);
        acc.c[gi].push(labels[si][gi].c);
      });
    });
  }
}

/** Clocks on a UTC grid every `strideHours` within each symbol's recorded span. */
export function clocksOf(data: SymbolData[], strideHours: number): number[] {
  const stride = strideHours * HOUR;
  const hours = new Set<number>();
  for (const s of data) for (const k of s.h1) if (k.t % stride === 0) hours.add(k.t);
  return [...hours].sort((a, b) => a - b);
}

/** Builds the panel; rows whose outcome under any geometry is not known (a gap, the data's end) are left out. */
export function buildPanel(data: SymbolData[], clocks: number[], geometries: Geometry[], log?: (m: string) => void): Panel {
  const symbols = data.map((d) => d.symbol).sort();
  const bySym = new Map(data.map((d) => [d.symbol, { i: symbols.indexOf(d.symbol), d }]));
  const series = data.map((d) => ({ symbol: d.symbol, h1: d.h1 }));
  const acc: Acc = {
    sym: [],
    t: [],
    liq: [],
    trend: [],
    x: [],
    y: geometries.map(() => []),
    r: geometries.map(() => []),
    c: geometries.map(() => []),
  };
  clocks.forEach((at, i) => {
    addClock(acc, buildSnapshot(series, at), bySym, geometries);
    if (log && i % 1000 === 0) log(`panel: clock ${i}/${clocks.length} (${new Date(at).toISOString().slice(0, 10)}), ${acc.t.length} evaluations`);
  });
  return {
    symbols,
    geometries,
    names: INPUT_NAMES_V3,
    evals: acc.t.length,
    d: INPUT_NAMES_V3.length,
    sym: Int32Array.from(acc.sym),
    t: Float64Array.from(acc.t),
    liqRank: Int32Array.from(acc.liq),
    trend: Int8Array.from(acc.trend),
    x: Float32Array.from(acc.x),
    y: acc.y.map((a) => Int8Array.from(a)),
    r: acc.r.map((a) => Float32Array.from(a)),
    costR: acc.c.map((a) => Float32Array.from(a)),
  };
}
