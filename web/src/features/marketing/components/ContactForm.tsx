// The contact form card: name, e-mail, subject and message with per-field messages; the state is useContactForm.
import { CONTACT_SUBJECTS } from "@core/rules/contact";
import { MessageSquare } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { Field } from "@web/components/ui/Field";
import { Input, Textarea } from "@web/components/ui/Input";
import { Select } from "@web/components/ui/Select";
import { useContactForm } from "../hooks/use-contact-form";

export function ContactForm() {
  const { draft, errors, sending, change, onSubmit, errorProps } = useContactForm();
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquare className="size-5 text-accent" aria-hidden /> Send us a message
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="contact-name" label="Name" error={errors.name}>
            <Input
              id="contact-name"
              name="name"
              autoComplete="name"
              value={draft.name}
              onChange={(e) => change("name", e.target.value)}
              {...errorProps("name")}
            />
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
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Send Message"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
