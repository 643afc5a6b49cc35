// The contact form's state: draft, per-field messages (live once a send was tried), prefill when signed in, send and toasts.
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "@web/components/ui/toast";
import { useProfile } from "@web/entities/user/api/profile";
import { contactErrorText, contactSuccessText, useSendContact } from "../api/contact";
import { afterSent, EMPTY_CONTACT, prefilled, validateContact, type ContactDraft, type ContactErrors } from "../model/contact-form";

export function useContactForm() {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const send = useSendContact();
  const profile = useProfile();

  // Once the profile arrives; prefilled() never overwrites what the visitor already typed.
  useEffect(() => {
    if (profile.data) setDraft((d) => prefilled(d, profile.data));
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

  /** Props that tie a field to its message for assistive tech. */
  const errorProps = (field: keyof ContactDraft) => ({
    invalid: Boolean(errors[field]),
    "aria-describedby": errors[field] ? `contact-${field}-error` : undefined,
  });

  return { draft, errors, sending: send.isPending, change, onSubmit, errorProps };
}
