// /pricing: the six packs (free hidden when signed in), plan selection per spec 01 §4, includes, why, FAQ, CTA.
import { ArrowRight, BadgeCheck, Clock, Coins, FileText, Infinity as InfinityIcon, RefreshCcw, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button, ButtonLink } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { useIsSignedIn } from "@web/lib/session";
import { usePageTitle } from "@web/lib/use-page-title";
import { Faq } from "./Faq";
import { PageHero, Section, SectionHeading } from "./Section";
import { PlanCard } from "./PlanCard";
import { plansFor, type Plan } from "./plans";
import { TrackRecordText } from "./TrackRecordNote";

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

const FAQ = [
  { q: "What is a credit?", a: "One credit runs one complete analysis of one trading pair. It is held at start and used only if a LONG or SHORT signal is issued." },
  { q: "Do credits expire?", a: "No. Credits stay on your account until you use them." },
  { q: "What happens on No Trade?", a: "When the analysis finds no solid setup, the credit is returned to your balance automatically." },
  { q: "How accurate are the signals?", a: <TrackRecordText /> },
  { q: "Can I get my money back?", a: "Paid plans come with a 30-day money-back guarantee. Contact support with your account e-mail." },
];

export function PricingPage() {
  usePageTitle("Pricing");
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Plan["id"] | null>(null);

  const choose = (plan: Plan) => {
    if (!signedIn) {
      navigate("/login");
      return;
    }
    setSelected(plan.id);
  };

  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, prepaid credits"
        lead="One credit buys one signal. No subscriptions, credits never expire, and a No Trade result returns your credit automatically."
      />
      <Section>
        {selected ? (
          <div role="alert" className="mb-6 flex items-start gap-3 rounded-xl border border-warn/40 bg-warn/10 px-4 py-3 text-sm text-amber-100">
            <Coins className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden />
            <p>
              <strong className="font-semibold">Payment integration is coming soon.</strong> Your selected pack is noted — credits can't be purchased online
              yet.
            </p>
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plansFor(signedIn).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              selected={selected === plan.id}
              action={
                <Button variant={plan.highlight ? "primary" : "secondary"} className="w-full" onClick={() => choose(plan)}>
                  {selected === plan.id ? "Selected" : plan.id === "free" ? "Start for Free" : "Choose Plan"}
                </Button>
              }
            />
          ))}
        </div>
      </Section>
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
      <Section className="max-w-3xl">
        <SectionHeading title="Frequently Asked Questions" />
        <div className="mt-8">
          <Faq items={FAQ} />
        </div>
      </Section>
      <Section className="pt-0">
        <div className="rounded-2xl border border-accent/30 bg-gradient-to-br from-accent/15 via-surface to-surface p-8 text-center sm:p-12">
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Ready for your first signal?</h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">New accounts start with one free credit. Run an analysis and see the full reasoning before you buy anything.</p>
          <div className="mt-6 flex justify-center">
            {signedIn ? (
              <ButtonLink to="/trading" size="lg">
                Start Trading <ArrowRight className="size-4" aria-hidden />
              </ButtonLink>
            ) : (
              <ButtonLink to="/login" size="lg">
                Get Started Now <ArrowRight className="size-4" aria-hidden />
              </ButtonLink>
            )}
          </div>
        </div>
      </Section>
    </>
  );
}
