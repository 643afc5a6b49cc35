// Request/response shapes of GET/PUT /api/user/preferences (the position sizer's remembered inputs).
import { t } from "elysia";

export const PREFERENCE_LIMITS = { accountSizeMax: 1e9, riskPercentMax: 10 } as const;

/** Null until the trader saves a value. */
export const preferencesResponse = t.Object({
  account_size: t.Nullable(t.Number({ description: "Account size in USDT, 0 < size ≤ 1e9" })),
  risk_percent: t.Nullable(t.Number({ description: "Risk per trade in percent of the account, 0 < risk ≤ 10" })),
  updated_at: t.Nullable(t.String()),
});

// Types only here: the ranges are checked by the service so an out-of-range value is a 400 {detail, code} naming the rule.
export const preferencesBody = t.Object({
  account_size: t.Number(),
  risk_percent: t.Number(),
});

export const errorSchema = t.Object({ detail: t.String(), code: t.String() });
