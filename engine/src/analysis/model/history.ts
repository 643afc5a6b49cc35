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
