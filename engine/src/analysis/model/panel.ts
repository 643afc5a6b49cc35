// The labelled panel for fitting and cross-validation: one snapshot per clock, both sides of every pair, labels for a geometry grid.
import type { Candle } from "@core/candles";
import { INTERVAL_MS } from "@core/candles";
import { labelPath, OUTCOME_CLASSES, pathFrom } from "../label";
import { buildSnapshot, type PairSeries, type Snapshot } from "../snapshot";
import { buildTrade, costsFor, EXPIRY_HOURS, type Side } from "../trade";
import { INPUT_NAMES, inputVector } from "./inputs";
import { FIT_GRID } from "./grid";
import { loadFolder } from "./dataset";

const H = INTERVAL_MS["1h"];
const SIDES: Side[] = ["LONG", "SHORT"];
const COL_STOP = INPUT_NAMES.indexOf("log_stop_atr");
const COL_COST = INPUT_NAMES.indexOf("cost_r");

export { pathFrom } from "../label";

export type Panel = {
  symbols: string[];
  ks: number[];
  ms: number[];
  n: number;
  d: number;
  /** per row: symbol index, clock, side (1 long, −1 short) */
  sym: Int32Array;
  t: Float64Array;
  side: Int8Array;
  /** inputs with the geometry columns of ks[0]; `withGeometry` swaps them per k */
  x: Float64Array;
  /** per k: stop in ATRs and round-trip costs in R */
  stopAtr: Float64Array[];
  costR: Float64Array[];
  /** per (k, m) at index ki * ms.length + mi: class (0 TP, 1 SL, 2 EXPIRED) and gross R at exit */
  y: Int8Array[];
  grossR: Float32Array[];
  /** one snapshot summary per clock (for the gate and reports) */
  clocks: number[];
};

/** Hour clocks on a fixed UTC grid every `strideHours`, from `from` to `to` inclusive. */
export function clockGrid(from: number, to: number, strideHours: number): number[] {
  const stride = strideHours * H;
  const out: number[] = [];
  for (let t = Math.ceil(from / stride) * stride; t <= to; t += stride) out.push(t);
  return out;
}

type Grow = { sym: number[]; t: number[]; side: number[]; x: number[]; stopAtr: number[][]; costR: number[][]; y: number[][]; grossR: number[][] };

function addRows(acc: Grow, snap: Snapshot, bySymbol: Map<string, { i: number; h1: Candle[] }>, ks: number[], ms: number[]) {
  for (const row of snap.rows) {
    const src = bySymbol.get(row.symbol)!;
    const path = pathFrom(src.h1, snap.at, EXPIRY_HOURS);
    for (const side of SIDES) {
      const s = side === "LONG" ? 1 : -1;
      const costs = costsFor(side, row.quoteVolume24h);
      const trades = ks.map((k) => buildTrade(side, row.close, row.atr, { k, m: 1 }, costs));
      const labels = trades.map((tr) => labelPath(path, s, tr.entry, tr.risk, ms, EXPIRY_HOURS));
      if (labels.some((l) => l === null)) continue;
      acc.sym.push(src.i);
      acc.t.push(snap.at);
      acc.side.push(s);
      acc.x.push(...inputVector(row, snap.regime, side, trades[0]));
      trades.forEach((tr, ki) => {
        acc.stopAtr[ki].push(tr.stopAtr);
        acc.costR[ki].push(tr.costR);
        labels[ki]!.forEach((l, mi) => {
          acc.y[ki * ms.length + mi].push(OUTCOME_CLASSES.indexOf(l.outcome));
          acc.grossR[ki * ms.length + mi].push(l.grossR);
        });
      });
    }
  }
}

/** Builds the panel over `clocks`; rows whose outcome is not yet known (data ends inside the horizon) are left out. */
export function buildPanel(series: PairSeries[], clocks: number[], ks: number[], ms: number[], onProgress?: (done: number) => void): Panel {
  const symbols = series.map((s) => s.symbol).sort();
  const bySymbol = new Map(series.map((s) => [s.symbol, { i: symbols.indexOf(s.symbol), h1: s.h1 }]));
  const acc: Grow = {
    sym: [],
    t: [],
    side: [],
    x: [],
    stopAtr: ks.map(() => []),
    costR: ks.map(() => []),
    y: ks.flatMap(() => ms.map(() => [])),
    grossR: ks.flatMap(() => ms.map(() => [])),
  };
  const used: number[] = [];
  clocks.forEach((at, i) => {
    const snap = buildSnapshot(series, at);
    if (snap.rows.length) used.push(at);
    addRows(acc, snap, bySymbol, ks, ms);
    if (onProgress && i % 200 === 0) onProgress(i);
  });
  return {
    symbols,
    ks,
    ms,
    n: acc.t.length,
    d: INPUT_NAMES.length,
    sym: Int32Array.from(acc.sym),
    t: Float64Array.from(acc.t),
    side: Int8Array.from(acc.side),
    x: Float64Array.from(acc.x),
    stopAtr: acc.stopAtr.map((a) => Float64Array.from(a)),
    costR: acc.costR.map((a) => Float64Array.from(a)),
    y: acc.y.map((a) => Int8Array.from(a)),
    grossR: acc.grossR.map((a) => Float32Array.from(a)),
    clocks: used,
  };
}

/** The panel's inputs with the geometry columns for stop multiple ks[ki]. */
export function withGeometry(p: Panel, ki: number): Float64Array {
  const x = p.x.slice();
  for (let i = 0; i < p.n; i++) {
    x[i * p.d + COL_STOP] = Math.max(-6, Math.min(6, Math.log(p.stopAtr[ki][i])));
    x[i * p.d + COL_COST] = p.costR[ki][i];
  }
  return x;
}

/** A folder of 1h candle files as the fitting grid's panel, every `strideHours` from its first to its last candle. */
export function panelFromFolder(folder: string, strideHours: number, log: (m: string) => void): Panel {
  const data = loadFolder(folder).map((d) => ({ symbol: d.symbol, h1: d.h1 }));
  const first = Math.min(...data.map((d) => d.h1[0]?.t ?? Infinity));
  const last = Math.max(...data.map((d) => d.h1.at(-1)?.t ?? 0));
  log(`${data.length} pairs, ${new Date(first).toISOString()} → ${new Date(last).toISOString()}`);
  const panel = buildPanel(data, clockGrid(first, last, strideHours), FIT_GRID.ks, FIT_GRID.ms, (i) => i % 1000 === 0 && log(`panel: clock ${i}`));
  log(`panel: ${panel.n} labelled rows (both sides) at ${panel.clocks.length} clocks`);
  return panel;
}
