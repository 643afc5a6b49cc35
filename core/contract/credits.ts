// Credit usage and balance (spec 02 §3): one schema each, one spelling per field.
import { type Static, t } from "elysia";

export const balanceSchema = t.Object({ credits: t.Number() });

export const usageSchema = t.Object({
  used: t.Number({ description: "Credits held by analysis starts" }),
  refunded: t.Number({ description: "Credits returned on NO_TRADE or failure" }),
  net_used: t.Number({ description: "Credits kept for issued LONG/SHORT signals" }),
  held: t.Number({ description: "Credits held by analyses still running" }),
  credits: t.Number({ description: "Current balance" }),
});

export type CreditBalance = Static<typeof balanceSchema>;
export type CreditUsage = Static<typeof usageSchema>;
