// The legal pages' operator details (GET /api/public/legal): null where the operator has not set them, and the pages
// then show the spec's placeholder.
import { type Static, t } from "elysia";

export const legalSettingsSchema = t.Object({
  support_email: t.Nullable(t.String()),
  arbitration_organisation: t.Nullable(t.String()),
});

export type LegalSettings = Static<typeof legalSettingsSchema>;
