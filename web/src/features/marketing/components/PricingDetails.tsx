// Pricing page middle: what every plan includes, and why Tradewind.
import { BadgeCheck, Clock, FileText, Infinity as InfinityIcon, RefreshCcw, ShieldCheck } from "lucide-react";
import { Card } from "@web/components/ui/Card";
import { Section, SectionHeading } from "@web/components/ui/Section";

const INCLUDES = [
  { icon: FileText, text: "Entry, stop loss, take profit and risk/reward on every signal" },
  { icon: BadgeCheck, text: "Confidence score and written reasoning" },
  { icon: RefreshCcw, text: "Automatic credit return on No Trade" },
  { icon: InfinityIcon, text: "Credits that never expire" },
  { icon: Clock, text: "Live progress through all three analysis phases" },
  { icon: ShieldCheck, text: "30-day money-back guarantee on paid plans" },
];

const WHY = [
  { title: "Pay only for real setups", text: "A credit is used only when the analysis ends in LONG or SHORT. No Trade returns it instantly." },
  { title: "No subscription", text: "Buy a pack when you need signals. Nothing renews, nothing expires." },
  { title: "Evidence over promises", text: "Win rates are measured from closed signals and backtests, and shown with their period and sample size." },
];

export function PricingDetails() {
  return (
    <div className="border-y border-line bg-surface/40">
      <Section className="grid gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading align="left" title="All Plans Include" />
          <ul className="mt-6 grid gap-3">
            {INCLUDES.map((i) => (
              <li key={i.text} className="flex items-center gap-3 text-sm">
                <i.icon className="size-4 shrink-0 text-accent" aria-hidden />
                {i.text}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <SectionHeading align="left" title="Why Choose Tradewind" />
          <div className="mt-6 grid gap-3">
            {WHY.map((w) => (
              <Card key={w.title} className="p-4">
                <h3 className="text-sm font-semibold">{w.title}</h3>
                <p className="mt-1 text-sm text-muted">{w.text}</p>
              </Card>
            ))}
          </div>
        </div>
      </Section>
    </div>
  );
}
