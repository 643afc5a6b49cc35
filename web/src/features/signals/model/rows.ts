// Dashboard table rows: signals plus analyses without a signal; the live/completed rule, filters and newest-first order.
import type { Signal } from "@web/entities/signal/api/decode-signal";
import type { Analysis } from "@web/entities/analysis/api/decode-analysis";
import type { SignalType } from "@web/entities/signal/api/decode-signal";

export type Row =
  | { kind: "signal"; key: string; live: false; created_at: string | null; symbol: string; status: string; signal: Signal; analysis: Analysis | null }
  | { kind: "analysis"; key: string; live: boolean; created_at: string | null; symbol: string; status: string; analysis: Analysis };

/** Spec 02 §4: live = an unfinished analysis that has not produced a signal yet. */
export function isLiveAnalysis(a: Analysis): boolean {
  const hasSignal = a.final_signal_id !== null || a.final_signal !== null;
  return !hasSignal && a.status === "IN_PROGRESS";
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
  const signalRequests = new Set(signals.map((s) => s.request_id).filter((id): id is number => id !== null));
  const signalIds = new Set(signals.map((s) => s.id));
  const rows: Row[] = signals.map((s) => ({
    kind: "signal",
    key: `s${s.id}`,
    live: false,
    created_at: s.created_at,
    symbol: s.symbol,
    status: s.status,
    signal: s,
    analysis: s.request_id !== null ? (analyses.get(s.request_id) ?? null) : null,
  }));
  for (const a of analyses.values()) {
    if (signalRequests.has(a.id) || (a.final_signal_id !== null && signalIds.has(a.final_signal_id))) continue;
    // A finished analysis whose signal is not in the list yet shows its embedded signal.
    if (a.final_signal) {
      rows.push({
        kind: "signal",
        key: `s${a.final_signal.id}`,
        live: false,
        created_at: a.final_signal.created_at ?? a.created_at,
        symbol: a.symbol,
        status: a.final_signal.status,
        signal: a.final_signal,
        analysis: a,
      });
      continue;
    }
    rows.push({
      kind: "analysis",
      key: `a${a.id}`,
      live: isLiveAnalysis(a),
      created_at: a.created_at,
      symbol: a.symbol,
      status: a.status,
      analysis: a,
    });
  }
  return rows.sort((x, y) => time(y.created_at) - time(x.created_at) || y.key.localeCompare(x.key));
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
    if (span !== null && now - time(r.created_at) > span) return false;
    return true;
  });
}

export const filtersActive = (f: Filters) => f.symbol.trim() !== "" || f.type !== "All" || f.range !== "All Time";

/** Progress of a live row: the server's value clamped to 0..100 (0 too: a start's own). */
export const liveProgress = (a: Analysis): number => Math.min(100, Math.max(0, Math.round(a.progress_percent)));
