// The research panel: every pair every `stride` hours over all recorded eras, both sides, the v4 inputs, and each side's outcome under each σ-of-horizon geometry, entered as live enters.
import { OUTCOME_CLASSES, tradeOutcome } from "../analysis/label";
import type { SymbolData } from "../analysis/model/dataset";
import { delayedEntry, type Geometry, isCandidate, perpListed, tradeFor } from "../analysis/model/geometry";
import { INPUT_NAMES_V4, inputVectorV4 } from "../analysis/model/inputs";
import { buildSnapshot, type PairRow, type Snapshot } from "../analysis/snapshot";
import { isPlaceable, type Side } from "../analysis/trade";
import { fundingInForce } from "../market/providers/funding";

export { type Geometry, LIQUID_TOP } from "../analysis/model/geometry";

const HOUR = 3_600_000;
const SIDES: Side[] = ["LONG", "SHORT"];

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
  /** 1 when the pair's perpetual was listed at that clock, so its SHORT can be issued */
  canShort: Uint8Array;
  /** rows × d inputs */
  x: Float32Array;
  /** per geometry, per row: class (0 TP, 1 SL, 2 EXPIRED), net R after costs, costs in R */
  y: Int8Array[];
  r: Float32Array[];
  costR: Float32Array[];
  /** per geometry, per row: the mean net R of that side over every evaluation at that clock (what the market gave the side) */
  sideMean: Float32Array[];
};

type Label = { y: number; r: number; c: number };
type Acc = {
  sym: number[];
  t: number[];
  liq: number[];
  trend: number[];
  short: number[];
  x: number[];
  y: number[][];
  r: number[][];
  c: number[][];
  m: number[][];
};

function labelled(src: SymbolData, row: PairRow, at: number, geometries: Geometry[]): Label[][] | null {
  const entry = delayedEntry(src.h1, at);
  if (!entry) return null;
  const funding = fundingInForce(src.funding, at);
  const out: Label[][] = [];
  for (const side of SIDES) {
    const per: Label[] = [];
    for (const g of geometries) {
      const tr = tradeFor(row, side, entry.price, g, funding);
      const l = isPlaceable(tr) ? tradeOutcome(src.h1, entry.from, tr, src.m5) : null;
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
  const first = acc.t.length;
  for (const row of cands) {
    const src = data.get(row.symbol)!;
    const labels = labelled(src.d, row, snap.at, geometries);
    if (!labels) continue;
    acc.sym.push(src.i);
    acc.t.push(snap.at);
    acc.liq.push(byLiq.indexOf(row.symbol));
    acc.trend.push(row.z168 >= 0 ? 1 : -1);
    acc.short.push(perpListed(src.d.perpSince, snap.at) ? 1 : 0);
    SIDES.forEach((side, si) => {
      for (const v of inputVectorV4(row, snap.regime, side)) acc.x.push(v);
      geometries.forEach((_, gi) => {
        acc.y[gi].push(labels[si][gi].y);
        acc.r[gi].push(labels[si][gi].r);
        acc.c[gi].push(labels[si][gi].c);
      });
    });
  }
  // Each side's mean R over this clock's evaluations, beside every row of that side.
  const n = acc.t.length - first;
  geometries.forEach((_, gi) => {
    for (const side of [0, 1]) {
      let sum = 0;
      for (let e = first; e < acc.t.length; e++) sum += acc.r[gi][2 * e + side];
      for (let e = first; e < acc.t.length; e++) acc.m[gi][2 * e + side] = n ? sum / n : 0;
    }
  });
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
    short: [],
    x: [],
    y: geometries.map(() => []),
    r: geometries.map(() => []),
    c: geometries.map(() => []),
    m: geometries.map(() => []),
  };
  clocks.forEach((at, i) => {
    addClock(acc, buildSnapshot(series, at), bySym, geometries);
    if (log && i % 1000 === 0) log(`panel: clock ${i}/${clocks.length} (${new Date(at).toISOString().slice(0, 10)}), ${acc.t.length} evaluations`);
  });
  return {
    symbols,
    geometries,
    names: INPUT_NAMES_V4,
    evals: acc.t.length,
    d: INPUT_NAMES_V4.length,
    sym: Int32Array.from(acc.sym),
    t: Float64Array.from(acc.t),
    liqRank: Int32Array.from(acc.liq),
    trend: Int8Array.from(acc.trend),
    canShort: Uint8Array.from(acc.short),
    x: Float32Array.from(acc.x),
    y: acc.y.map((a) => Int8Array.from(a)),
    r: acc.r.map((a) => Float32Array.from(a)),
    costR: acc.c.map((a) => Float32Array.from(a)),
    sideMean: acc.m.map((a) => Float32Array.from(a)),
  };
}
