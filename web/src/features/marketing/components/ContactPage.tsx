// /contact: support form with per-field validation, prefill when signed in, toasts per spec 01 §8, and the FAQ.
import { Clock, LifeBuoy, Mail } from "lucide-react";
import { useRef } from "react";
import { Button } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { useBillingConfig } from "@web/entities/billing/api/billing";
import { usePageTitle } from "@web/lib/use-page-title";
import { ContactForm } from "./ContactForm";
import { Faq } from "./Faq";
import { PageHero, Section } from "@web/components/ui/Section";
import { TrackRecordText } from "@web/entities/track-record/components/TrackRecordNote";

/** The FAQ says what the Pricing page does: buying online only where checkout is switched on. */
const faq = (online: boolean) => [
  { q: "How accurate are your signals?", a: <TrackRecordText /> },
  {
    q: "How long does it take to generate a signal?",
    a: "An analysis runs through three phases — scanning, confirmation and final calibration — and takes 2-5 minutes. You can follow each phase live.",
  },
  {
    q: "Can I analyze any crypto pair?",
    a: "You can analyze any pair in the supported list — the major USDT pairs such as BTCUSDT, ETHUSDT, SOLUSDT, XRPUSDT, BNBUSDT and DOGEUSDT. The Start Trading search shows every supported pair.",
  },
  {
    q: "What happens if I run out of credits?",
    a: online
      ? "Buy a credit pack on the Pricing page at any time. Credits never expire, and your signal history stays available."
      : "Online payment for credit packs is coming soon. Until then, write to us about credits with your account e-mail. Credits never expire, and your signal history stays available.",
  },
  {
    q: "Do you offer refunds?",
    a: "When an analysis ends in No Trade, the credit is returned automatically. Paid packs also carry a 30-day money-back guarantee for their unused credits — ask for it under Purchases on your profile page.",
  },
];

export function ContactPage() {
  usePageTitle("Contact");
  const online = useBillingConfig().data?.enabled === true;
  const formRef = useRef<HTMLDivElement>(null);

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact Support"
        lead="Questions about signals, credits or your account? Send us a message — we answer every ticket."
      />
      <Section className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
        <div ref={formRef} id="contact-form" className="scroll-mt-20">
          <ContactForm />
        </div>
        <aside className="space-y-4">
          <Card className="p-5">
            <h2 className="flex items-center gap-2 text-sm font-semibold">
              <Mail className="size-4 text-accent" aria-hidden /> Ticket confirmation
            </h2>
            <p className="mt-1.5 text-sm text-muted">Every message gets a ticket ID and a confirmation e-mail, so you can follow up on it.</p>
          </Card>
          <Card className="p-5">
            <h2 className="flex items-center gap-2 text-sm font-semibold">
              <Clock className="size-4 text-accent" aria-hidden /> Include the details
            </h2>
            <p className="mt-1.5 text-sm text-muted">For signal or credit questions, add the pair, the analysis ID and the time (UTC).</p>
          </Card>
        </aside>
      </Section>
      <Section className="max-w-3xl pt-0">
        <h2 className="text-center text-2xl font-semibold tracking-tight">Frequently Asked Questions</h2>
        <div className="mt-8">
          <Faq items={faq(online)} />
        </div>
        <div className="mt-8 flex flex-col items-center gap-3 text-center">
          <p className="text-sm text-muted">Didn't find your answer?</p>
          <Button variant="secondary" onClick={() => formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" })}>
            <LifeBuoy className="size-4" aria-hidden /> Still need help? Contact us
          </Button>
        </div>
      </Section>
    </>
  );
}
