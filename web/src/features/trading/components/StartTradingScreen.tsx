// Start Trading screen (spec 02 §2): title and credits, the New Analysis panel, the Live Analysis list and the Day Signal card.
import { Coins } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { SUPPORTED_SYMBOLS } from "@core/symbols";
import { toast } from "@web/components/ui/toast";
import { useActiveAnalyses } from "@web/lib/active-analyses";
import { useCompletionWatch, type CompletionKeys } from "@web/lib/completion-watch";
import { useCreditBalance } from "@web/lib/credit-balance";
import { PRESELECT_PARAM, preselectedSymbol } from "@web/lib/start-trading-link";
import { usePageTitle } from "@web/lib/use-page-title";
import { useFavorites, useToggleFavorite } from "../api/favorites";
import { tradingKeys } from "../api/keys";
import { useSignals } from "../api/signals";
import { useStartAnalysis } from "../api/start-analysis";
import { checkStart, type StartPath } from "../hooks/start-rules";
import { useUtcDayKey } from "../hooks/utc-day";
import { DaySignalCard } from "./DaySignalCard";
import { LiveAnalysisList } from "./LiveAnalysisList";
import { StartPanel } from "./StartPanel";

const SUPPORTED = new Set(SUPPORTED_SYMBOLS);
/** On completion this screen also refreshes the history and the profile (which carries the credits too). */
const COMPLETION_KEYS: CompletionKeys = { signals: tradingKeys.signals, refresh: [tradingKeys.history, tradingKeys.profile] };

function CreditsBadge({ credits }: { credits: number | null | undefined }) {
  return (
    <div className="inline-flex items-center gap-2.5 rounded-xl border border-line-strong bg-surface px-3.5 py-2" data-testid="credits-badge">
      <Coins className="size-4 text-warn" aria-hidden />
      <span className="text-xs text-muted">Credits</span>
      <span className="num font-mono text-lg font-semibold leading-none">{typeof credits === "number" ? credits : "—"}</span>
    </div>
  );
}

export function StartTradingScreen() {
  usePageTitle("Start Trading");
  const balance = useCreditBalance();
  const credits = typeof balance.data === "number" ? balance.data : null;
  const favorites = useFavorites();
  const favoriteList = favorites.data ?? [];
  const toggleFavorite = useToggleFavorite();
  const start = useStartAnalysis();
  const active = useActiveAnalyses();
  const signals = useSignals();
  const dayKey = useUtcDayKey();
  useCompletionWatch(active.data, COMPLETION_KEYS);

  // `?symbol=` (a pair picked elsewhere, e.g. a No Trade's alternatives) fills the pair in; it never starts anything.
  const [search, setSearch] = useSearchParams();
  const preselect = preselectedSymbol(search, SUPPORTED);
  const [input, setInput] = useState(() => preselect ?? "");
  useEffect(() => {
    if (!search.has(PRESELECT_PARAM)) return;
    if (preselect) setInput(preselect);
    // Consumed, so the same link works again from this screen and later edits are not overwritten.
    setSearch(
      (s) => {
        s.delete(PRESELECT_PARAM);
        return s;
      },
      { replace: true },
    );
  }, [search, preselect, setSearch]);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  // Set synchronously, so a double click cannot start twice before React re-renders with isPending.
  const launching = useRef(false);

  const launch = (raw: string, path: StartPath) => {
    if (launching.current || start.isPending) return;
    const check = checkStart(raw, SUPPORTED, credits, path);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: "destructive" });
      return;
    }
    launching.current = true;
    setInput(check.symbol);
    start.mutate(check.symbol, {
      onSettled: () => {
        launching.current = false;
      },
    });
  };

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.14em] text-accent">Start Trading</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-[28px]">AI Trading Analysis</h1>
          <p className="mt-1 text-sm text-muted">Pick a pair and run a three-phase analysis: scanning, confirmation, final calibration.</p>
        </div>
        <CreditsBadge credits={credits} />
      </div>

      <div className="mt-6 grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0 space-y-5">
          <StartPanel
            input={input}
            onInput={setInput}
            onInvalid={(symbol) => toast({ title: "Invalid symbol", description: `${symbol} is not available.`, variant: "destructive" })}
            symbols={SUPPORTED_SYMBOLS}
            favorites={favoriteList}
            favoritesOnly={favoritesOnly}
            onFavoritesOnly={setFavoritesOnly}
            onToggleFavorite={toggleFavorite}
            credits={credits}
            pending={start.isPending}
            onStart={() => launch(input, "button")}
            onQuickStart={(symbol) => launch(symbol, "quick")}
          />
          <LiveAnalysisList
            items={active.data ?? []}
            updatedAt={active.dataUpdatedAt}
            loading={active.isPending && active.fetchStatus !== "idle"}
            fetching={active.isFetching}
            error={active.error}
            onRefresh={() => void active.refetch()}
          />
        </div>
        <DaySignalCard signals={signals.data ?? []} dayKey={dayKey} loading={signals.isPending} />
      </div>
    </section>
  );
}
