// A listed login session (spec 01 §3 "Listed sessions"): one schema, one spelling per field.
import { type Static, t } from "elysia";

export const sessionItem = t.Object({
  id: t.Number(),
  device_id: t.String(),
  device_name: t.String(),
  device_type: t.String(),
  browser: t.Nullable(t.String()),
  os: t.Nullable(t.String()),
  ip_address: t.Nullable(t.String()),
  location_city: t.Nullable(t.String()),
  location_country: t.Nullable(t.String()),
  remember_me: t.Boolean(),
  status: t.String({ description: "active (only active sessions are listed)" }),
  is_current: t.Boolean(),
  expires_at: t.String(),
  last_seen_at: t.String(),
  updated_at: t.String(),
  created_at: t.String(),
});

export const sessionsResponse = t.Object({ sessions: t.Array(sessionItem) });

export type Session = Static<typeof sessionItem>;

/** A browser trusted to sign in without an e-mail code (kept across sign-out; removed by its owner). */
export const trustedBrowserItem = t.Object({
  device_id: t.String(),
  device_name: t.String(),
  verified_at: t.String(),
  expires_at: t.String(),
});

export const trustedBrowsersResponse = t.Object({ browsers: t.Array(trustedBrowserItem) });

export type TrustedBrowser = Static<typeof trustedBrowserItem>;
