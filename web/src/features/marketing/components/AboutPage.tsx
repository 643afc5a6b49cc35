// /about: what Tradewind is and how it decides, with links to How It Works and Pricing.
import { ArrowRight } from "lucide-react";
import { ButtonLink } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { usePageTitle } from "@web/lib/use-page-title";
import { PageHero, Section } from "./Section";
import { BacktestTable } from "./BacktestTable";
import { TrackRecordStat } from "./TrackRecordNote";

const POINTS = [
  { title: "Built on real market data", text: "Every analysis reads recorded and live candles on several timeframes, volume, funding and BTC correlation — never a canned answer." },
  { title: "A model, not a hunch", text: "Confidence is a probability from a model fitted walk-forward on market history. Low confidence or poor risk/reward ends in No Trade." },
  { title: "Honest about results", text: "Win rates are published from closed signals and backtests with their period and sample size, not typed into a page." },
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
        <div className="grid gap-4 sm:grid-cols-2">
          {POINTS.map((p) => (
            <Card key={p.title} className="p-6">
              <h2 className="text-base font-semibold">{p.title}</h2>
              <p className="mt-2 text-sm leading-relaxed text-muted">{p.text}</p>
            </Card>
          ))}
        </div>
        <TrackRecordStat className="mt-6" />
        <BacktestTable />
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
      </Section>
    </>
  );
}
