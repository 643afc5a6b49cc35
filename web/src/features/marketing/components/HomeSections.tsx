// Home sections below the hero: what Tradewind is, how a signal is made, why traders use it, the steps, the pricing teaser.
import { ArrowRight, BrainCircuit, Coins, Database, LineChart, RefreshCcw, Search, Send, ShieldCheck, Target, Zap } from "lucide-react";
import { ButtonLink } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { useIsSignedIn } from "@web/lib/session";
import { PlanCard } from "./PlanCard";
import { plansFor } from "./plans";
import { Section, SectionHeading } from "@web/components/ui/Section";

const WHAT_IS = [
  {
    icon: Database,
    title: "Data collection",
    text: "Candles on several timeframes, volume, funding rates, BTC correlation and overall market health — refreshed continuously.",
  },
  {
    icon: BrainCircuit,
    title: "AI processing",
    text: "A model trained on recorded market history scores both sides, and a bar learned on earlier out-of-fold results turns weak setups into No Trade.",
  },
  {
    icon: Send,
    title: "Signal delivery",
    text: "You get direction, entry, stop loss, take profit, risk/reward, confidence and written reasoning — or a refunded No Trade.",
  },
];

const FLOW = [
  { icon: Database, label: "Market Data" },
  { icon: BrainCircuit, label: "AI Analysis" },
  { icon: Zap, label: "Signal Generated" },
  { icon: LineChart, label: "Profit" },
];

const FEATURES = [
  {
    icon: RefreshCcw,
    title: "Real-Time Adaptation",
    text: "Every analysis reads the market as it is now — trend, volatility, key levels and session — instead of replaying a fixed playbook.",
  },
  {
    icon: ShieldCheck,
    title: "AI Confirmation",
    text: "Three phases — scanning, confirmation, final calibration. A setup that fails confirmation or the risk/reward bar becomes No Trade.",
  },
  {
    icon: Coins,
    title: "Fair Credits",
    text: "One credit per analysis, held at start. Used only when a LONG or SHORT is issued; returned automatically on No Trade.",
  },
];

const STEPS = [
  { icon: Search, title: "Select Pair", text: "Search the supported USDT pairs, star favourites and start with one click." },
  { icon: BrainCircuit, title: "Run Analysis", text: "Follow the three phases live with progress and reasoning as it is written (2-5 minutes)." },
  { icon: Target, title: "Get Outcome", text: "A complete LONG or SHORT setup — or No Trade with your credit returned." },
];

export function HomeSections() {
  return (
    <>
      <Section>
        <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:items-start">
          <div>
            <SectionHeading
              align="left"
              eyebrow="What is Tradewind"
              title="A signal desk that shows its work"
              lead="Tradewind turns live market data into a concrete trade plan for the pair you choose, with the numbers and the reasoning in plain view."
            />
            <ButtonLink to="/about" variant="outline" size="sm" className="mt-6">
              Learn More <ArrowRight className="size-3.5" aria-hidden />
            </ButtonLink>
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            {WHAT_IS.map((w) => (
              <Card key={w.title} className="p-5">
                <w.icon className="size-5 text-accent" aria-hidden />
                <h3 className="mt-3 text-sm font-semibold">{w.title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted">{w.text}</p>
              </Card>
            ))}
          </div>
        </div>
        <ol className="mt-12 grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="How a signal is made">
          {FLOW.map((f, i) => (
            <li key={f.label} className="relative flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3.5">
              <span className="grid size-9 place-items-center rounded-lg bg-accent/10 text-accent">
                <f.icon className="size-4.5" aria-hidden />
              </span>
              <span>
                <span className="block text-[11px] font-semibold text-faint">STEP {i + 1}</span>
                <span className="text-sm font-semibold">{f.label}</span>
              </span>
              {i < FLOW.length - 1 ? (
                <ArrowRight className="absolute -right-3 top-1/2 z-10 hidden size-4 -translate-y-1/2 text-faint md:block" aria-hidden />
              ) : null}
            </li>
          ))}
        </ol>
      </Section>
      <div className="border-y border-line bg-surface/40">
        <Section>
          <SectionHeading eyebrow="Why traders use it" title="Built around fairness and evidence" />
          <div className="mt-10 grid gap-4 md:grid-cols-3">
            {FEATURES.map((f) => (
              <Card key={f.title} className="p-6">
                <span className="grid size-10 place-items-center rounded-lg bg-accent/10 ring-1 ring-accent/30">
                  <f.icon className="size-5 text-accent-strong" aria-hidden />
                </span>
                <h3 className="mt-4 text-base font-semibold">{f.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{f.text}</p>
              </Card>
            ))}
          </div>
        </Section>
      </div>
      <Section>
        <SectionHeading eyebrow="How it works" title="Three steps to a trade plan" />
        <ol className="mt-10 grid gap-4 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-line bg-surface p-6">
              <div className="flex items-center gap-3">
                <span className="num grid size-8 place-items-center rounded-full border border-accent/40 font-mono text-sm font-semibold text-accent-strong">
                  {i + 1}
                </span>
                <h3 className="text-base font-semibold">{s.title}</h3>
              </div>
              <p className="mt-3 text-sm leading-relaxed text-muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

export function PricingTeaser() {
  const signedIn = useIsSignedIn();
  return (
    <Section id="pricing">
      <SectionHeading
        eyebrow="Pricing"
        title="Prepaid credits. No subscription."
        lead="One credit buys one signal. Buy a pack when you need it — credits never expire."
      />
      <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {plansFor(signedIn).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <ButtonLink
                to={signedIn ? "/dashboard" : plan.id === "free" ? "/register" : "/login"}
                variant={plan.highlight ? "primary" : "secondary"}
                className="w-full"
              >
                {signedIn ? "Go to Dashboard" : plan.id === "free" ? "Start for Free" : "Get Started"}
              </ButtonLink>
            }
          />
        ))}
      </div>
      <div className="mt-10 text-center">
        <ButtonLink to={signedIn ? "/dashboard" : "/login"} size="lg">
          Get Started Now <ArrowRight className="size-4" aria-hidden />
        </ButtonLink>
      </div>
    </Section>
  );
}
