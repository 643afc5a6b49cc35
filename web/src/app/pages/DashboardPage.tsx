// /dashboard (spec 02 §2): greeting and balance, the live market panel, stat cards, filters, the signals table and drawer.
import { Coins, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { ButtonLink } from "@web/components/ui/Button";
import { useCredits } from "@web/entities/user/hooks/use-credits";
import { useProfile } from "@web/entities/user/api/profile";
import { greetingName } from "@web/entities/user/model/profile";
import { creditsWord } from "@web/lib/format";
import { usePageTitle } from "@web/lib/use-page-title";
import { MarketPanel } from "@web/features/market/components/MarketPanel";
import { useMarketSocket } from "@web/features/market/hooks/use-market-socket";
import { SignalDrawer } from "@web/features/signals/components/SignalDrawer";
import { SignalFilters } from "@web/features/signals/components/SignalFilters";
import { ExportCsvButton } from "@web/features/signals/components/ExportCsvButton";
import { HistoryNotice, SignalsError } from "@web/features/signals/components/SignalsError";
import { LoadOlder } from "@web/features/signals/components/LoadOlder";
import { SignalsTable } from "@web/features/signals/components/SignalsTable";
import { StatCards } from "@web/features/signals/components/StatCards";
import { describeError } from "@web/features/signals/model/polling";
import { DEFAULT_FILTERS, filtersActive, type Filters, type Row } from "@web/features/signals/model/rows";
import { useDashboardSignals } from "@web/features/signals/hooks/use-dashboard-signals";
import { AuthRequiredToast, RequireAuth } from "../guards";

function Header() {
  const name = useProfile(greetingName).data ?? "Trader";
  const { credits } = useCredits();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="text-xs font-medium uppercase tracking-[0.12em] text-faint">Dashboard</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Welcome back, {name}</h1>
      </div>
      <div className="flex items-center gap-2">
        <div data-testid="dashboard-credits" className="flex h-10 items-center gap-2 rounded-lg border border-line-strong bg-surface px-3 text-sm">
          <Coins className="size-4 text-warn" aria-hidden />
          <span className="num font-mono font-semibold">{typeof credits === "number" ? credits : "—"}</span>
          <span className="text-muted">{creditsWord(credits)}</span>
        </div>
        <ButtonLink to="/trading">
          <Plus className="size-4" aria-hidden />
          New Analysis
        </ButtonLink>
      </div>
    </div>
  );
}

type Selection = { key: string; requestId: number | null };
const requestIdOf = (r: Row) => (r.kind === "signal" ? r.signal.requestId : r.analysis.id);

function SignalsArea() {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const d = useDashboardSignals(filters);
  const [selected, setSelected] = useState<Selection | null>(null);
  const lastRow = useRef<Row | null>(null);

  // A live row turns into a signal row when it completes: follow it by its analysis id.
  let row: Row | null = null;
  if (selected) {
    row =
      d.rows.find((r) => r.key === selected.key) ??
      d.rows.find((r) => selected.requestId !== null && requestIdOf(r) === selected.requestId) ??
      lastRow.current;
  }
  lastRow.current = row;

  if (d.error) return <SignalsError message={describeError(d.error)} />;
  return (
    <>
      <StatCards stats={d.stats} />
      <section aria-labelledby="signals-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <h2 id="signals-heading" className="text-sm font-semibold tracking-tight">
            Signals{" "}
            <span className="num ml-1 font-normal text-faint" data-testid="signals-total">
              {d.loading ? "" : d.rowsTotal}
            </span>
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
            onView={(r) => setSelected({ key: r.key, requestId: requestIdOf(r) })}
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
      <SignalDrawer row={row} onClose={() => setSelected(null)} />
    </>
  );
}

export function DashboardPage() {
  usePageTitle("Dashboard");
  const socket = useMarketSocket();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <Header />
      <MarketPanel socket={socket} />
      <SignalsArea />
    </div>
  );
}

export function DashboardRoute() {
  return (
    <>
      <AuthRequiredToast description="Please sign in to access your dashboard." />
      <RequireAuth>
        <DashboardPage />
      </RequireAuth>
    </>
  );
}
