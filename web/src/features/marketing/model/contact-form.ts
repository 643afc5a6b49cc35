// Contact form rules: the shared core/rules/contact.ts schema, turned into one message per field for display.
import { contactSchema, type ContactInput } from "@core/rules/contact";
import { fullName, type UserProfile } from "@web/entities/user/model/profile";

export type ContactDraft = { name: string; email: string; subject: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactDraft, string>>;

export const EMPTY_CONTACT: ContactDraft = { name: "", email: "", subject: "", message: "" };

export function validateContact(draft: ContactDraft): { ok: true; value: ContactInput } | { ok: false; errors: ContactErrors } {
  const parsed = contactSchema.safeParse(draft);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "name" || field === "email" || field === "subject" || field === "message") && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** After a successful send: keep who wrote, clear what was written (spec 01 §4). */
export const afterSent = (draft: ContactDraft): ContactDraft => ({ ...draft, subject: "", message: "" });

/** The signed-in visitor's name and e-mail, without overwriting what they already typed. */
export const prefilled = (draft: ContactDraft, p: UserProfile | null): ContactDraft =>
  p ? { ...draft, name: draft.name || fullName(p), email: draft.email || (p.email ?? "") } : draft;
