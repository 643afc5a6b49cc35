// /dashboard (spec 02 §2): greeting and balance, the live market panel, stat cards, filters, the signals table and drawer.
import { useQuery } from "@tanstack/react-query";
import { Coins, Plus } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { ButtonLink } from "@web/components/ui/Button";
import { useCreditBalance } from "@web/lib/credit-balance";
import { isObj, str, unwrap } from "@web/lib/read";
import { usePageTitle } from "@web/lib/use-page-title";
import { MarketPanel } from "@web/features/market/components/MarketPanel";
import { useMarketSocket } from "@web/features/market/hooks/use-market-socket";
import { SignalDrawer } from "@web/features/signals/components/SignalDrawer";
import { SignalFilters } from "@web/features/signals/components/SignalFilters";
import { SignalsError } from "@web/features/signals/components/SignalsError";
import { SignalsTable } from "@web/features/signals/components/SignalsTable";
import { StatCards } from "@web/features/signals/components/StatCards";
import { describeError } from "@web/features/signals/hooks/polling";
import { DEFAULT_FILTERS, filterRows, filtersActive, type Filters, type Row } from "@web/features/signals/hooks/rows";
import { useDashboardSignals } from "@web/features/signals/hooks/use-dashboard-signals";
import { AuthRequiredToast, RequireAuth } from "../guards";

/** First name in either spelling; 'Trader' when the profile has none. */
export function firstNameOf(raw: unknown): string {
  const data = unwrap(raw);
  return (isObj(data) && str(data, "firstName", "first_name")?.trim()) || "Trader";
}

function Header() {
  const profile = useQuery({ queryKey: ["/api/user/profile"], select: firstNameOf });
  const balance = useCreditBalance();
  const credits = balance.data;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="text-xs font-medium uppercase tracking-[0.12em] text-faint">Dashboard</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Welcome back, {profile.data ?? "Trader"}</h1>
      </div>
      <div className="flex items-center gap-2">
        <div data-testid="dashboard-credits" className="flex h-10 items-center gap-2 rounded-lg border border-line-strong bg-surface px-3 text-sm">
          <Coins className="size-4 text-warn" aria-hidden />
          <span className="num font-mono font-semibold">{typeof credits === "number" ? credits : "—"}</span>
          <span className="text-muted">credits</span>
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
  const { rows, stats, activeFetchedAt, loading, error } = useDashboardSignals();
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const [selected, setSelected] = useState<Selection | null>(null);
  const lastRow = useRef<Row | null>(null);
  const visible = useMemo(() => filterRows(rows, filters, Date.now()), [rows, filters]);

  // A live row turns into a signal row when it completes: follow it by its analysis id.
  let row: Row | null = null;
  if (selected) {
    row = rows.find((r) => r.key === selected.key) ?? rows.find((r) => selected.requestId !== null && requestIdOf(r) === selected.requestId) ?? lastRow.current;
  }
  lastRow.current = row;

  if (error) return <SignalsError message={describeError(error)} />;
  return (
    <>
      <StatCards stats={stats} />
      <section aria-labelledby="signals-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <h2 id="signals-heading" className="text-sm font-semibold tracking-tight">
            Signals <span className="num ml-1 font-normal text-faint">{loading ? "" : `${visible.length} of ${rows.length}`}</span>
          </h2>
          <SignalFilters value={filters} onChange={setFilters} />
        </div>
        {loading ? (
          <div className="h-40 animate-pulse rounded-xl border border-line bg-surface" aria-label="Loading signals" />
        ) : (
          <SignalsTable rows={visible} filtered={filtersActive(filters) && rows.length > 0} fetchedAt={activeFetchedAt} onView={(r) => setSelected({ key: r.key, requestId: requestIdOf(r) })} />
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
