// Request/response shapes of the support module.
import { t } from "elysia";

export const contactBody = t.Object({
  name: t.String(),
  email: t.String(),
  subject: t.String(),
  message: t.String(),
});

export const contactResponse = t.Object({ ticket_id: t.Number(), detail: t.String(), message: t.String() });
