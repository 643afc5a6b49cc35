// /how-it-works: the four steps and the Fair Credit Flow panel (spec 01 §2).
import { ArrowRight, BrainCircuit, Coins, MinusCircle, PlusCircle, Search, Send, CheckCircle2 } from "lucide-react";
import { ButtonLink } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { usePageTitle } from "@web/lib/use-page-title";
import { PageHero, Section } from "@web/components/ui/Section";

const STEPS = [
  { icon: Search, title: "Choose an asset", text: "Search the supported USDT pairs, keep up to 100 favourites and start from a quick-start chip." },
  {
    icon: BrainCircuit,
    title: "AI starts analysis",
    text: "Scanning, confirmation and final calibration run on live multi-timeframe data. You watch progress and reasoning as each phase completes; the whole run takes 2-5 minutes.",
  },
  {
    icon: Send,
    title: "Signal generation",
    text: "A confirmed setup arrives with direction, entry, stop loss, take profit, risk/reward, timeframe, confidence and reasoning.",
  },
  {
    icon: Coins,
    title: "Fair credit system",
    text: "One credit is held at start. It is used for a LONG or SHORT signal and returned automatically when the result is No Trade.",
  },
];

const FLOW = [
  { icon: MinusCircle, tone: "text-rose-300", title: "Start analysis", value: "-1 credit", text: "The credit is held while the analysis runs." },
  {
    icon: PlusCircle,
    tone: "text-accent-strong",
    title: "No solid signal",
    value: "+1 credit returned",
    text: "No Trade means the credit goes straight back to your balance.",
  },
  {
    icon: CheckCircle2,
    tone: "text-sky-300",
    title: "Confirmed opportunity",
    value: "Signal delivered",
    text: "The held credit is used and the full setup is yours.",
  },
];

export function HowItWorksPage() {
  usePageTitle("How It Works");
  return (
    <>
      <PageHero
        eyebrow="How It Works"
        title="From a pair to a trade plan in four steps"
        lead="Every signal follows the same transparent process — and you only pay for real setups."
      />
      <Section className="grid gap-10 lg:grid-cols-[1.3fr_1fr]">
        <ol className="space-y-4">
          {STEPS.map((s, i) => (
            <li key={s.title}>
              <Card className="flex gap-4 p-5">
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent/10 ring-1 ring-accent/30">
                  <s.icon className="size-5 text-accent-strong" aria-hidden />
                </span>
                <div>
                  <p className="text-[11px] font-semibold tracking-wider text-faint">STEP {i + 1}</p>
                  <h2 className="text-base font-semibold">{s.title}</h2>
                  <p className="mt-1.5 text-sm leading-relaxed text-muted">{s.text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ol>
        <aside aria-labelledby="fair-credit-flow">
          <Card className="sticky top-20 p-6">
            <h2 id="fair-credit-flow" className="text-base font-semibold">
              Fair Credit Flow
            </h2>
            <ul className="mt-5 space-y-4">
              {FLOW.map((f) => (
                <li key={f.title} className="flex gap-3">
                  <f.icon className={`mt-0.5 size-5 shrink-0 ${f.tone}`} aria-hidden />
                  <div>
                    <p className="text-sm font-semibold">
                      {f.title}: <span className={`num ${f.tone}`}>{f.value}</span>
                    </p>
                    <p className="mt-0.5 text-sm text-muted">{f.text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <div className="mt-6 flex flex-wrap gap-2">
              <ButtonLink to="/start-trading">
                Start Trading <ArrowRight className="size-4" aria-hidden />
              </ButtonLink>
              <ButtonLink to="/pricing" variant="secondary">
                See Pricing
              </ButtonLink>
            </div>
          </Card>
        </aside>
      </Section>
    </>
  );
}
