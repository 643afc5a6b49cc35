// Plain words for a purchase's state and its refund, shared by the history rows.
import type { Purchase } from "@web/entities/billing/api/billing";

export const STATUS_TEXT: Record<Purchase["status"], string> = {
  PENDING: "Processing",
  PAID: "Paid",
  FAILED: "Failed",
  EXPIRED: "Expired",
  REFUND_PENDING: "Refund requested",
  REFUNDED: "Refunded",
  DISPUTED: "Disputed — credits frozen",
};

/** The rule as the Terms state it: the pack's unused credits, priced at the pack's own price per credit. */
export const REFUND_RULE =
  "Within 30 days of payment you can get your money back for a pack's unused credits. Unused credits are the smaller of the pack's credits and your balance (less credits already in another pending refund); the refund is the pack's price × unused ÷ pack credits. The credits leave your balance when the refund is processed.";
