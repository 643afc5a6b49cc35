// Request/response shapes of the support module.
import { t } from "elysia";
import { CONTACT_LIMITS } from "@core/rules/contact";

// Lengths bounded by the schema, before the service's checks run on the text (spaces around are trimmed later).
export const contactBody = t.Object({
  name: t.String({ maxLength: CONTACT_LIMITS.name + 64 }),
  email: t.String({ maxLength: CONTACT_LIMITS.email + 64 }),
  subject: t.String({ maxLength: 120 }),
  message: t.String({ maxLength: CONTACT_LIMITS.message + 64 }),
});

export const contactResponse = t.Object({ ticket_id: t.Number(), detail: t.String(), message: t.String() });
