// The signed-in user's profile (spec 01 §3 User): one schema, one spelling per field.
import { type Static, t } from "elysia";

export const profileResponse = t.Object({
  id: t.Number(),
  email: t.String(),
  first_name: t.String(),
  last_name: t.String(),
  credits: t.Number(),
  created_at: t.String(),
});

export type Profile = Static<typeof profileResponse>;
