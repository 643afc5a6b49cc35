// "This setup in history": the out-of-fold outcome table `model:cv` writes (history.json), and reading one band of it.
import historyJson from "./history.json";

/** Out-of-fold outcomes of setups by side and calibrated-EV band: "this setup in history" for each new signal. */
export type SetupHistory = {
  period: { from: string; to: string };
  /** band edges of calibrated EV (deciles of all out-of-fold candidates, both sides) */
  edges: number[];
  /** pooled, per side and band: n, shares of TP/SL/expiry, mean net R and its day-block 95 % interval */
  pooled: Record<string, { n: number; tp: number; sl: number; exp: number; mean_r: number; ci: [number, number] }>;
  /** per pair, side and band: n and summed net R (shrunk toward the pooled mean when read) */
  pairs: Record<string, [number, number]>;
};

/** Band index 0…9 of a calibrated EV. */
export const historyBand = (edges: number[], ev: number) => edges.filter((e) => ev >= e).length;

const isHistory = (h: unknown): h is SetupHistory =>
  typeof h === "object" && h !== null && Array.isArray((h as { edges?: unknown }).edges) && "pooled" in h && "pairs" in h && "period" in h;

/** The committed table, or null when it has not been built. */
export function setupHistoryFile(): SetupHistory | null {
  const h: unknown = historyJson;
  return isHistory(h) ? h : null;
}

/** One out-of-fold candidate for the table: pair, side, its calibrated (shrunk) EV, outcome class, net R and time. */
export type HistoryRow = { sym: string; side: string; ev: number; y: number; r: number; t: number };

/** Groups out-of-fold candidates by side and EV decile band, pooled and per pair, with day-block intervals. */
export function buildSetupHistory(
  rows: HistoryRow[],
  bootstrap: (r: number[], t: number[]) => { mean: number; lo: number; hi: number },
): SetupHistory {
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  const sorted = rows.map((r) => r.ev).sort((a, b) => a - b);
  const edges = Array.from({ length: 9 }, (_, i) => Math.round(sorted[Math.floor(((i + 1) * sorted.length) / 10)] * 1e6) / 1e6);
  const groups = new Map<string, HistoryRow[]>();
  const pairs: SetupHistory["pairs"] = {};
  for (const r of rows) {
    const key = `${r.side}|${historyBand(edges, r.ev)}`;
    const g = groups.get(key) ?? [];
    g.push(r);
    groups.set(key, g);
    const [n, sum] = pairs[`${r.sym}|${key}`] ?? [0, 0];
    pairs[`${r.sym}|${key}`] = [n + 1, r4(sum + r.r)];
  }
  const pooled: SetupHistory["pooled"] = {};
  for (const [key, g] of groups) {
    const b = bootstrap(
      g.map((x) => x.r),
      g.map((x) => x.t),
    );
    const share = (c: number) => r4(g.filter((x) => x.y === c).length / g.length);
    pooled[key] = { n: g.length, tp: share(0), sl: share(1), exp: share(2), mean_r: r4(b.mean), ci: [r4(b.lo), r4(b.hi)] };
  }
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  // A loop, not Math.min(...times): spreading a million arguments is beyond the engine's argument limit.
  let [from, to] = [Infinity, -Infinity];
  for (const r of rows) [from, to] = [Math.min(from, r.t), Math.max(to, r.t)];
  return { period: { from: iso(from), to: iso(to) }, edges, pooled, pairs };
}
