// Response shape of GET /api/credits/usage.
import { t } from "elysia";

export const usageSchema = t.Object({
  spent: t.Number({ description: "Credits held by analysis starts (same as used)" }),
  used: t.Number(),
  refunded: t.Number({ description: "Credits returned on NO_TRADE or failure (same as returns)" }),
  returns: t.Number(),
  net_used: t.Number({ description: "Credits kept for issued LONG/SHORT signals" }),
  held: t.Number({ description: "Credits held by analyses still running" }),
  credits: t.Number({ description: "Current balance" }),
});
