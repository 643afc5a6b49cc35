// Start Trading screen (spec 02 §2): title and credits, the New Analysis panel, the chosen pair's chart, the Live Analysis
// list and the Day Signal card.
import { Coins } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "@web/components/ui/toast";
import { useActiveAnalyses } from "@web/entities/analysis/api/active-analyses";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import { signalKeys } from "@web/entities/signal/api/keys";
import { useCompletionWatch, type CompletionKeys } from "@web/entities/analysis/hooks/use-completion-watch";
import { useCredits } from "@web/entities/user/hooks/use-credits";
import { userKeys } from "@web/entities/user/api/keys";
import { usePageTitle } from "@web/lib/use-page-title";
import { useFavorites, useToggleFavorite } from "../api/favorites";
import { usePairs } from "../api/pairs";
import { useSignals } from "../api/signals";
import { runningCap } from "../model/running-cap";
import { useLaunch } from "../hooks/use-launch";
import { usePreselectedInput } from "../hooks/use-preselected-input";
import { useMarketDayKey } from "../hooks/use-market-day-key";
import { DaySignalCard } from "./DaySignalCard";
import { LiveAnalysisList } from "./LiveAnalysisList";
import { PairPreview } from "./PairPreview";
import { StartPanel } from "./StartPanel";

/** On completion this screen also refreshes the history and the profile (which carries the credits too). */
const COMPLETION_KEYS: CompletionKeys = { signals: signalKeys.feed("start-trading"), refresh: [analysisKeys.history(), userKeys.profile()] };

const NO_SIGNALS: never[] = [];

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
  const { credits } = useCredits();
  const pairs = usePairs();
  const supported = useMemo(() => new Set(pairs.symbols), [pairs.symbols]);
  const favorites = useFavorites();
  const toggleFavorite = useToggleFavorite();
  const active = useActiveAnalyses();
  const signals = useSignals();
  const dayKey = useMarketDayKey();
  useCompletionWatch(active.data, COMPLETION_KEYS);

  const [input, setInput] = usePreselectedInput(supported);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const { launch, pending } = useLaunch(supported, credits, setInput);

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
            pairs={pairs}
            favorites={favorites.data ?? []}
            favoritesOnly={favoritesOnly}
            onFavoritesOnly={setFavoritesOnly}
            onToggleFavorite={toggleFavorite}
            credits={credits}
            pending={pending}
            cap={runningCap(active.data ?? [])}
            onStart={() => void launch(input, "button")}
            onQuickStart={(symbol) => void launch(symbol, "quick")}
          />
          <PairPreview input={input} pairs={pairs} signals={signals.data ?? NO_SIGNALS} />
          <LiveAnalysisList
            items={active.data ?? []}
            updatedAt={active.dataUpdatedAt}
            loading={active.isPending && active.fetchStatus !== "idle"}
            fetching={active.isFetching}
            error={active.error}
            onRefresh={() => void active.refetch()}
          />
        </div>
        <DaySignalCard
          signals={signals.data ?? []}
          dayKey={dayKey}
          loading={signals.isPending}
          error={signals.isError ? signals.error : null}
          onRetry={() => void signals.refetch()}
        />
      </div>
    </section>
  );
}
