// The legal pages' operator details (GET /api/public/legal): null where the operator has not set them, and the pages
// then show the spec's placeholder.
import { type Static, t } from "elysia";

/** Which Georgia the spec's "Governing law: Georgia" means: the country, or the U.S. state (GOVERNING_LAW). */
export const GOVERNING_LAWS = ["georgia-country", "georgia-us-state"] as const;
export type GoverningLaw = (typeof GOVERNING_LAWS)[number];

export const legalSettingsSchema = t.Object({
  support_email: t.Nullable(t.String()),
  arbitration_organisation: t.Nullable(t.String()),
  governing_law: t.Nullable(t.UnionEnum([...GOVERNING_LAWS])),
});

export type LegalSettings = Static<typeof legalSettingsSchema>;
