// Home hero (spec 01 §1-§2, spec 02 §2): headline, calls to action per auth state, highlight badges and the track record.
import { ArrowRight, Coins, LineChart, Sparkles, Target, Zap } from "lucide-react";
import { Badge } from "@web/components/ui/Badge";
import { ButtonLink } from "@web/components/ui/Button";
import { useCredits } from "@web/entities/user/hooks/use-credits";
import { useIsSignedIn } from "@web/lib/session";
import { useUserStats } from "../api/user-stats";
import { useTrackRecord } from "@web/entities/track-record/api/track-record";
import { heroHeadline } from "@web/entities/track-record/model/track-record-text";
import { TrackRecordStat } from "@web/entities/track-record/components/TrackRecordNote";
import { TradingPreviewCard } from "./TradingPreviewCard";

export const CREDITS_SENTENCE =
  "Credits are only deducted when a real LONG or SHORT signal is issued. If the outcome is No Trade your credit is instantly returned.";

export function HomeHero() {
  const signedIn = useIsSignedIn();
  const { data: stats } = useUserStats();
  const { credits } = useCredits();
  const conf = stats?.avgConfidencePercent ?? null;
  const active = stats?.activeSignals ?? null;
  const headline = heroHeadline(useTrackRecord().data);
  return (
    <section className="relative overflow-hidden border-b border-line">
      <div className="bg-grid absolute inset-0 [mask-image:radial-gradient(ellipse_at_30%_20%,black,transparent_70%)]" aria-hidden />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:py-24">
        <div>
          <Badge tone="accent" className="normal-case tracking-normal">
            <Sparkles className="size-3" aria-hidden /> Pay per signal · credits never expire
          </Badge>
          <h1 data-testid="hero-headline" className="mt-5 text-4xl font-semibold leading-[1.08] tracking-tight text-balance sm:text-6xl">
            {headline.lead} <span className="text-accent-strong">{headline.accent}</span>
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-muted sm:text-lg">
            Pick a pair and get a complete trade setup — direction, entry, stop loss, take profit, risk/reward and the reasoning behind it.{" "}
            {CREDITS_SENTENCE}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {signedIn ? (
              <>
                <ButtonLink to="/dashboard" size="lg">
                  Open Dashboard <ArrowRight className="size-4" aria-hidden />
                </ButtonLink>
                <ButtonLink to="/start-trading" size="lg" variant="secondary">
                  <Zap className="size-4" aria-hidden /> Generate Signal
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to="/register" size="lg">
                  Start for Free <ArrowRight className="size-4" aria-hidden />
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="secondary">
                  Sign In
                </ButtonLink>
              </>
            )}
          </div>
          <ul className="mt-8 flex flex-wrap gap-2 text-[13px]" aria-label="Highlights">
            <li className="inline-flex items-center gap-1.5 rounded-full border border-line-strong bg-surface px-3 py-1.5">
              <Target className="size-3.5 text-accent" aria-hidden />
              {conf !== null ? (
                <span>
                  <span className="num font-semibold">{conf}%</span> Avg Confidence
                </span>
              ) : (
                "Calibrated Odds"
              )}
            </li>
            <li className="inline-flex items-center gap-1.5 rounded-full border border-line-strong bg-surface px-3 py-1.5">
              <LineChart className="size-3.5 text-accent" aria-hidden />
              {active !== null && active > 0 ? (
                <span>
                  <span className="num font-semibold">{active}</span> Active Signals
                </span>
              ) : (
                "Real-time Signals"
              )}
            </li>
            {signedIn && typeof credits === "number" ? (
              <li className="inline-flex items-center gap-1.5 rounded-full border border-warn/30 bg-warn/10 px-3 py-1.5 text-amber-200">
                <Coins className="size-3.5" aria-hidden />
                <span>
                  <span className="num font-semibold">{credits}</span> credits available
                </span>
              </li>
            ) : null}
          </ul>
          <TrackRecordStat className="mt-6 max-w-md" />
        </div>
        <TradingPreviewCard />
      </div>
    </section>
  );
}
