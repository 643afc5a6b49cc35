// The dashboard's own-signals area: stat cards, filters with Export CSV, the signals table (live analyses included) and the
// drawer. `statsLast` puts the table first, for phones, where the trader's own signals lead the page.
import { useRef, useState } from "react";
import { describeError } from "../model/polling";
import { DEFAULT_FILTERS, filtersActive, type Filters, type Row } from "../model/rows";
import { useDashboardSignals } from "../hooks/use-dashboard-signals";
import { ExportCsvButton } from "./ExportCsvButton";
import { LoadOlder } from "./LoadOlder";
import { SignalDrawer } from "./SignalDrawer";
import { SignalFilters } from "./SignalFilters";
import { HistoryNotice, SignalsError } from "./SignalsError";
import { SignalsTable } from "./SignalsTable";
import { StatCards } from "./StatCards";

type Selection = { key: string; request_id: number | null };
const requestIdOf = (r: Row) => (r.kind === "signal" ? r.signal.request_id : r.analysis.id);

export function SignalsArea({ statsLast = false }: { statsLast?: boolean }) {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const d = useDashboardSignals(filters);
  const [selected, setSelected] = useState<Selection | null>(null);
  const lastRow = useRef<Row | null>(null);

  // A live row turns into a signal row when it completes: follow it by its analysis id.
  let row: Row | null = null;
  if (selected) {
    row =
      d.rows.find((r) => r.key === selected.key) ??
      d.rows.find((r) => selected.request_id !== null && requestIdOf(r) === selected.request_id) ??
      lastRow.current;
  }
  lastRow.current = row;

  if (d.error) return <SignalsError message={describeError(d.error)} />;
  const stats = <StatCards stats={d.stats} credits={d.credits} />;
  return (
    <>
      {statsLast ? null : stats}
      <section aria-labelledby="signals-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <h2 id="signals-heading" className="text-sm font-semibold tracking-tight">
            Signals{" "}
            <span className="num ml-1 font-normal text-faint" data-testid="signals-total">
              {d.loading ? "" : (d.issuedTotal ?? "")}
            </span>
            {d.loading ? null : (
              <span className="num ml-1.5 text-xs font-normal text-faint" data-testid="rows-total">
                · {d.rowsTotal} {d.rowsTotal === 1 ? "analysis" : "analyses"}
              </span>
            )}
          </h2>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <SignalFilters value={filters} onChange={setFilters} />
            <ExportCsvButton filters={filters} />
          </div>
        </div>
        {d.historyError ? <HistoryNotice error={d.historyError} /> : null}
        {d.loading ? (
          <div className="h-40 animate-pulse rounded-xl border border-line bg-surface" role="status" aria-label="Loading signals" />
        ) : (
          <SignalsTable
            rows={d.rows}
            filtered={filtersActive(filters)}
            fetchedAt={d.activeFetchedAt}
            onView={(r) => setSelected({ key: r.key, request_id: requestIdOf(r) })}
            footer={
              <LoadOlder
                shown={d.rows.length}
                total={d.rowsTotal}
                hasOlder={d.hasOlder}
                loading={d.loadingOlder}
                error={d.olderError}
                onLoad={d.loadOlder}
              />
            }
          />
        )}
      </section>
      {statsLast ? stats : null}
      <SignalDrawer row={row} onClose={() => setSelected(null)} />
    </>
  );
}
