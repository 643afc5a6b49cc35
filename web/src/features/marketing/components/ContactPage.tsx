// /contact: support form with per-field validation, prefill when signed in, toasts per spec 01 §8, and the FAQ.
import { CONTACT_SUBJECTS } from "@core/contact";
import { Clock, LifeBuoy, Mail, MessageSquare } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { Field } from "@web/components/ui/Field";
import { Input, Textarea } from "@web/components/ui/Input";
import { Select } from "@web/components/ui/Select";
import { toast } from "@web/components/ui/toast";
import { usePageTitle } from "@web/lib/use-page-title";
import { contactErrorText, contactSuccessText, useSendContact } from "../api/contact";
import { useProfileContact } from "../api/user-profile";
import { afterSent, EMPTY_CONTACT, validateContact, type ContactDraft, type ContactErrors } from "../hooks/contact-form";
import { Faq } from "./Faq";
import { PageHero, Section } from "./Section";
import { TrackRecordText } from "./TrackRecordNote";

const FAQ = [
  { q: "How accurate are your signals?", a: <TrackRecordText /> },
  { q: "How long does it take to generate a signal?", a: "An analysis runs through three phases — scanning, confirmation and final calibration — and takes 2-5 minutes. You can follow each phase live." },
  {
    q: "Can I analyze any crypto pair?",
    a: "You can analyze any pair in the supported list — the major USDT pairs such as BTCUSDT, ETHUSDT, SOLUSDT, XRPUSDT, BNBUSDT and DOGEUSDT. The Start Trading search shows every supported pair.",
  },
  { q: "What happens if I run out of credits?", a: "Buy a credit pack on the Pricing page at any time. Credits never expire, and your signal history stays available." },
  {
    q: "Do you offer refunds?",
    a: "When an analysis ends in No Trade, the credit is returned automatically. Paid plans also carry a 30-day money-back guarantee — write to us with your account e-mail.",
  },
];

export function ContactPage() {
  usePageTitle("Contact");
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const send = useSendContact();
  const profile = useProfileContact();
  const formRef = useRef<HTMLDivElement>(null);

  // Prefill once the profile arrives, without overwriting what the visitor already typed.
  useEffect(() => {
    const p = profile.data;
    if (!p) return;
    setDraft((d) => ({ ...d, name: d.name || p.name, email: d.email || p.email }));
  }, [profile.data]);

  const change = (field: keyof ContactDraft, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // Once the visitor has tried to send, messages follow their edits live.
    if (submitted) {
      const r = validateContact(next);
      setErrors(r.ok ? {} : r.errors);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const r = validateContact(draft);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    send.mutate(r.value, {
      onSuccess: (result) => {
        toast({ title: "Message Sent!", description: contactSuccessText(result), variant: "success" });
        setDraft(afterSent);
        setSubmitted(false);
      },
      onError: (err) => toast({ title: "Error", description: contactErrorText(err), variant: "destructive" }),
    });
  };

  const errorProps = (field: keyof ContactDraft) => ({
    invalid: Boolean(errors[field]),
    "aria-describedby": errors[field] ? `contact-${field}-error` : undefined,
  });

  return (
    <>
      <PageHero eyebrow="Contact" title="Contact Support" lead="Questions about signals, credits or your account? Send us a message — we answer every ticket." />
      <Section className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
        <div ref={formRef} id="contact-form" className="scroll-mt-20">
          <Card className="p-6 sm:p-8">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <MessageSquare className="size-5 text-accent" aria-hidden /> Send us a message
            </h2>
            <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id="contact-name" label="Name" error={errors.name}>
                  <Input id="contact-name" name="name" autoComplete="name" value={draft.name} onChange={(e) => change("name", e.target.value)} {...errorProps("name")} />
                </Field>
                <Field id="contact-email" label="Email" error={errors.email}>
                  <Input
                    id="contact-email"
                    name="email"
                    type="email"
                    autoComplete="email"
                    value={draft.email}
                    onChange={(e) => change("email", e.target.value)}
                    {...errorProps("email")}
                  />
                </Field>
              </div>
              <Field id="contact-subject" label="Subject" error={errors.subject}>
                <Select
                  id="contact-subject"
                  value={draft.subject}
                  onValueChange={(v) => change("subject", v)}
                  options={CONTACT_SUBJECTS}
                  placeholder="Choose a subject"
                  invalid={Boolean(errors.subject)}
                />
              </Field>
              <Field id="contact-message" label="Message" error={errors.message}>
                <Textarea
                  id="contact-message"
                  name="message"
                  rows={6}
                  value={draft.message}
                  onChange={(e) => change("message", e.target.value)}
                  placeholder="Tell us what happened, with the analysis ID if you have one."
                  {...errorProps("message")}
                />
              </Field>
              <div className="flex items-center justify-between gap-4">
                <p className="text-xs text-faint">We reply by e-mail, usually within one business day.</p>
                <Button type="submit" disabled={send.isPending}>
                  {send.isPending ? "Sending..." : "Send Message"}
                </Button>
              </div>
            </form>
          </Card>
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
          <Faq items={FAQ} />
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
