// /pricing: the six packs (free hidden when signed in), plan selection per spec 01 §4 (Stripe Checkout when it is
// configured, else the spec's "coming soon"), includes, why, FAQ, CTA.
import { ArrowRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button, ButtonLink } from "@web/components/ui/Button";
import { useBillingConfig, useCheckout } from "@web/entities/billing/api/billing";
import { serverMessage } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { usePageTitle } from "@web/lib/use-page-title";
import { Faq } from "./Faq";
import { PageHero, Section, SectionHeading } from "@web/components/ui/Section";
import { PlanCard } from "./PlanCard";
import { PricingNotice, type PricingNote } from "./PricingNotice";
import { PricingDetails } from "./PricingDetails";
import { plansFor, type Plan } from "./plans";
import { TrackRecordText } from "@web/entities/track-record/components/TrackRecordNote";

const FAQ = [
  {
    q: "What is a credit?",
    a: "One credit runs one complete analysis of one trading pair. It is held at start and used only if a LONG or SHORT signal is issued.",
  },
  { q: "Do credits expire?", a: "No. Credits stay on your account until you use them." },
  { q: "What happens on No Trade?", a: "When the analysis finds no solid setup, the credit is returned to your balance automatically." },
  { q: "How accurate are the signals?", a: <TrackRecordText /> },
  {
    q: "Can I get my money back?",
    a: "Paid packs come with a 30-day money-back guarantee for their unused credits: ask for it under Purchases on your profile page.",
  },
];

/** Back from sign-in with `?pack=`: the pack chosen while signed out is chosen again, once. */
function useResumeChoice(ready: boolean, packId: string | null, choose: (plan: Plan) => void) {
  const done = useRef(false);
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  useEffect(() => {
    if (!ready || done.current || !packId) return;
    const plan = plansFor(true).find((p) => p.id === packId);
    done.current = true;
    if (plan) chooseRef.current(plan);
  }, [ready, packId]);
}

export function PricingPage() {
  usePageTitle("Pricing");
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Plan["id"] | null>(null);
  const [params] = useSearchParams();
  const billing = useBillingConfig();
  const checkout = useCheckout();
  const online = billing.data?.enabled === true;

  const choose = (plan: Plan) => {
    if (!signedIn) {
      // Sign-in returns here with the chosen pack, so the choice is not lost on the way (issue 33 §9).
      navigate("/login", { state: { from: `/pricing?pack=${encodeURIComponent(plan.id)}` } });
      return;
    }
    setSelected(plan.id);
    if (online) checkout.mutate(plan.id);
  };
  useResumeChoice(signedIn && billing.isSuccess, params.get("pack"), choose);
  const note: PricingNote = checkout.isError
    ? { kind: "error", text: serverMessage(checkout.error) ?? "Please try again." }
    : selected && !online
      ? { kind: "coming-soon" }
      : params.get("checkout") === "cancelled" && !selected
        ? { kind: "cancelled" }
        : online && signedIn
          ? { kind: "online" }
          : null;
  const label = (plan: Plan) =>
    selected !== plan.id ? (plan.id === "free" ? "Start for Free" : "Choose Plan") : online && !checkout.isError ? "Opening checkout…" : "Selected";

  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, prepaid credits"
        lead="One credit buys one signal. No subscriptions, credits never expire, and a No Trade result returns your credit automatically."
      />
      <Section>
        <PricingNotice note={note} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plansFor(signedIn).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              selected={selected === plan.id}
              action={
                <Button
                  variant={plan.highlight ? "primary" : "secondary"}
                  className="w-full"
                  disabled={checkout.isPending || checkout.isSuccess}
                  onClick={() => choose(plan)}
                >
                  {label(plan)}
                </Button>
              }
            />
          ))}
        </div>
      </Section>
      <PricingDetails />
      <Section className="max-w-3xl">
        <SectionHeading title="Frequently Asked Questions" />
        <div className="mt-8">
          <Faq items={FAQ} />
        </div>
      </Section>
      <Section className="pt-0">
        <div className="rounded-2xl border border-accent/30 bg-gradient-to-br from-accent/15 via-surface to-surface p-8 text-center sm:p-12">
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Ready for your first signal?</h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">
            New accounts start with one free credit. Run an analysis and see the full reasoning before you buy anything.
          </p>
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
