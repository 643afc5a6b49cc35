// /dashboard (spec 02 §2): greeting and balance, the live market panel, stat cards, filters, the signals table and drawer;
// on a phone the signals lead and the market panel follows, folded (issue 24 #16).
import { Coins, Plus } from "lucide-react";
import { ButtonLink } from "@web/components/ui/Button";
import { useCredits } from "@web/entities/user/hooks/use-credits";
import { useProfile } from "@web/entities/user/api/profile";
import { greetingName } from "@web/entities/user/model/profile";
import { creditsWord } from "@web/lib/format";
import { usePageTitle } from "@web/lib/use-page-title";
import { MarketPanel } from "@web/features/market/components/MarketPanel";
import { useMarketSocket } from "@web/features/market/hooks/use-market-socket";
import { SignalsArea } from "@web/features/signals/components/SignalsArea";
import { NARROW_SCREEN, useMediaQuery } from "@web/lib/use-media-query";
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

export function DashboardPage() {
  usePageTitle("Dashboard");
  const socket = useMarketSocket();
  // On a phone the trader's own signals and live analyses come first and the market panel starts folded.
  const narrow = useMediaQuery(NARROW_SCREEN);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <Header />
      {narrow ? null : <MarketPanel socket={socket} />}
      <SignalsArea statsLast={narrow} />
      {narrow ? <MarketPanel socket={socket} collapsible /> : null}
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
