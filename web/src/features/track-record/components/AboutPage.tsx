// /about: what testing found (verdict first, then the measured figures), what Tradewind is and how it decides, links onward.
import { ArrowRight } from "lucide-react";
import { ButtonLink } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { usePageTitle } from "@web/lib/use-page-title";
import { PageHero, Section } from "@web/components/ui/Section";
import { BacktestReport } from "./BacktestReport";
import { LedgerRootNote } from "./LedgerRootNote";
import { ModelRecordCard } from "./ModelRecordCard";

const POINTS = [
  {
    title: "Built on real market data",
    text: "Every analysis reads recorded and live candles on several timeframes, volume, funding and BTC correlation — never a canned answer.",
  },
  {
    title: "A model, not a hunch",
    text: "Probabilities come from a model fitted and calibrated walk-forward on market history. A setup whose expected R after costs misses the bar ends in No Trade.",
  },
  {
    title: "Honest about results",
    text: "Results are published from out-of-fold testing and closed signals with their period, sample size and baselines — also when they show no edge.",
  },
  { title: "Fair by design", text: "You hold one credit per analysis and get it back automatically whenever there is no solid trade." },
];

export function AboutPage() {
  usePageTitle("About");
  return (
    <>
      <PageHero
        eyebrow="About"
        title="About Tradewind"
        lead="Tradewind gives crypto traders AI-generated trade setups — direction, entry, stop loss, take profit, risk/reward, confidence and reasoning — paid per signal with prepaid credits."
      />
      <Section className="max-w-5xl">
        <BacktestReport />
        <ModelRecordCard />
        <div className="mt-10 grid gap-4 sm:grid-cols-2">
          {POINTS.map((p) => (
            <Card key={p.title} className="p-6">
              <h2 className="text-base font-semibold">{p.title}</h2>
              <p className="mt-2 text-sm leading-relaxed text-muted">{p.text}</p>
            </Card>
          ))}
        </div>
        <p className="mt-6 text-sm leading-relaxed text-muted">
          Signals are informational only and are not financial advice. You decide whether and how to trade. Tradewind is for users aged 18 or older.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/how-it-works">
            How It Works <ArrowRight className="size-4" aria-hidden />
          </ButtonLink>
          <ButtonLink to="/pricing" variant="secondary">
            View Pricing
          </ButtonLink>
        </div>
        <LedgerRootNote />
      </Section>
    </>
  );
}
