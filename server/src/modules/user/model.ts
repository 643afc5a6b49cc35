// Request/response shapes of the profile, stats and password-change endpoints (the profile is the contract's).
import { profileResponse } from "@core/contract/profile";
import { t } from "elysia";

export { profileResponse };

export const detailedProfileResponse = t.Object({
  ...profileResponse.properties,
  is_blocked: t.Boolean(),
  active_sessions: t.Number(),
  verified_devices: t.Number(),
  credits_summary: t.Object({
    granted: t.Number(),
    purchased: t.Number(),
    used: t.Number(),
    refunded: t.Number(),
    adjusted: t.Number(),
  }),
  analyses_total: t.Number(),
  signals_total: t.Number({ description: "Issued LONG and SHORT signals (No Trades are counted in analyses_total only)" }),
  last_login_at: t.Nullable(t.String()),
});

// Names only: the e-mail is the login identity and changes only through a verified flow (not offered yet).
export const profileUpdateBody = t.Object({
  first_name: t.Optional(t.String({ maxLength: 100 })),
  last_name: t.Optional(t.String({ maxLength: 100 })),
  firstName: t.Optional(t.String({ maxLength: 100 })),
  lastName: t.Optional(t.String({ maxLength: 100 })),
});

export const statsResponse = t.Object({
  activeSignals: t.Number(),
  avgConfidence: t.Nullable(t.Number()),
  credits: t.Number(),
  creditsRemaining: t.Number(),
});

export const changePasswordBody = t.Object({
  current_password: t.String({ maxLength: 256 }),
  new_password: t.String({ maxLength: 256 }),
  confirm_new_password: t.String({ maxLength: 256 }),
});

export const statusResponse = t.Object({ status: t.String(), detail: t.String() });
