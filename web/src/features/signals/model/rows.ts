// Dashboard table rows: signals plus analyses without a signal; the live/completed rule, filters and newest-first order.
import { isCompletedStatus, isFailedStatus } from "@web/entities/analysis/model/analysis-status";
import type { Analysis, Signal } from "@web/entities/analysis/model/readers";
import type { SignalType } from "@web/entities/analysis/model/signal-type";

export const DEFAULT_LIVE_PROGRESS = 30;

export type Row =
  | { kind: "signal"; key: string; live: false; createdAt: string | null; symbol: string; status: string; signal: Signal; analysis: Analysis | null }
  | { kind: "analysis"; key: string; live: boolean; createdAt: string | null; symbol: string; status: string; analysis: Analysis };

/** Spec 02 §4: live = an unfinished analysis that has not produced a signal yet. */
export function isLiveAnalysis(a: Analysis): boolean {
  const hasSignal = a.finalSignalId !== null || a.finalSignal !== null;
  const finished = isCompletedStatus(a.status) || isFailedStatus(a.status);
  return !hasSignal && !finished;
}

const time = (iso: string | null) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/**
 * One row per signal, plus one per analysis that has no signal in the list (running, or failed).
 * Active entries win over history for the same id, since they are polled more often.
 */
export function buildRows(signals: Signal[], history: Analysis[], active: Analysis[]): Row[] {
  const analyses = new Map<number, Analysis>();
  for (const a of history) analyses.set(a.id, a);
  for (const a of active) analyses.set(a.id, a);
  const signalRequests = new Set(signals.map((s) => s.requestId).filter((id): id is number => id !== null));
  const signalIds = new Set(signals.map((s) => s.id));
  const rows: Row[] = signals.map((s) => ({
    kind: "signal",
    key: `s${s.id}`,
    live: false,
    createdAt: s.createdAt,
    symbol: s.symbol,
    status: s.status,
    signal: s,
    analysis: s.requestId !== null ? (analyses.get(s.requestId) ?? null) : null,
  }));
  for (const a of analyses.values()) {
    if (signalRequests.has(a.id) || (a.finalSignalId !== null && signalIds.has(a.finalSignalId))) continue;
    // A finished analysis whose signal is not in the list yet shows its embedded signal.
    if (a.finalSignal) {
      rows.push({
        kind: "signal",
        key: `s${a.finalSignal.id}`,
        live: false,
        createdAt: a.finalSignal.createdAt ?? a.createdAt,
        symbol: a.symbol,
        status: a.finalSignal.status,
        signal: a.finalSignal,
        analysis: a,
      });
      continue;
    }
    rows.push({
      kind: "analysis",
      key: `a${a.id}`,
      live: isLiveAnalysis(a),
      createdAt: a.createdAt,
      symbol: a.symbol,
      status: a.status,
      analysis: a,
    });
  }
  return rows.sort((x, y) => time(y.createdAt) - time(x.createdAt) || y.key.localeCompare(x.key));
}

export type TypeFilter = "All" | SignalType;
export type RangeFilter = "All Time" | "Last 24H" | "Last 7D" | "Last 30D";
export type Filters = { symbol: string; type: TypeFilter; range: RangeFilter };

export const TYPE_OPTIONS: TypeFilter[] = ["All", "LONG", "SHORT", "NO_TRADE"];
export const RANGE_OPTIONS: RangeFilter[] = ["All Time", "Last 24H", "Last 7D", "Last 30D"];
const RANGE_MS: Record<RangeFilter, number | null> = {
  "All Time": null,
  "Last 24H": 24 * 3600_000,
  "Last 7D": 7 * 86400_000,
  "Last 30D": 30 * 86400_000,
};
export const DEFAULT_FILTERS: Filters = { symbol: "", type: "All", range: "All Time" };

export const rowType = (r: Row): SignalType | null => (r.kind === "signal" ? r.signal.type : null);

export function filterRows(rows: Row[], f: Filters, now: number): Row[] {
  const needle = f.symbol.trim().toUpperCase();
  const span = RANGE_MS[f.range];
  return rows.filter((r) => {
    if (needle && !r.symbol.includes(needle)) return false;
    if (f.type !== "All" && rowType(r) !== f.type) return false;
    if (span !== null && now - time(r.createdAt) > span) return false;
    return true;
  });
}

export const filtersActive = (f: Filters) => f.symbol.trim() !== "" || f.type !== "All" || f.range !== "All Time";

/** Progress of a live row: the server's value clamped to 0..100 (0 too: a start's own), or 30% when it has none. */
export function liveProgress(a: Analysis): number {
  if (a.progress === null) return DEFAULT_LIVE_PROGRESS;
  return Math.min(100, Math.max(0, Math.round(a.progress)));
}
