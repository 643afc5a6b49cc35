// Profile → Purchases: date, pack, amount, status and receipt of each purchase, and the 30-day money-back request.
import { Receipt } from "lucide-react";
import { type Purchase, formatMoney, usePurchases } from "@web/entities/billing/api/billing";
import { Card, CardBody, CardHeader, CardTitle } from "@web/components/ui/Card";
import { formatDateUtc } from "@web/lib/format";
import { REFUND_RULE, STATUS_TEXT } from "../model/purchase-text";
import { RefundButton } from "./RefundButton";

function Row({ p }: { p: Purchase }) {
  const refund = p.refund_cents !== null && (p.status === "REFUNDED" || p.status === "REFUND_PENDING");
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line px-4 py-3" data-testid={`purchase-${p.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm font-medium">
          {p.pack_name} <span className="text-muted">· {p.credits} credits</span>
        </p>
        <p className="text-sm tabular-nums">{formatMoney(p.amount_cents, p.currency)}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted">
        <span>{formatDateUtc(p.paid_at ?? p.created_at)}</span>
        <span
          data-testid="purchase-status"
          className={p.status === "PAID" ? "text-accent" : p.status === "FAILED" || p.status === "DISPUTED" ? "text-negative" : ""}
        >
          {STATUS_TEXT[p.status]}
          {refund ? ` · ${formatMoney(p.refund_cents ?? 0, p.currency)} for ${p.refund_credits} credits` : ""}
        </span>
        {p.receipt_url ? (
          <a href={p.receipt_url} target="_blank" rel="noreferrer" className="text-accent underline-offset-2 hover:underline">
            Receipt
          </a>
        ) : null}
      </div>
      {p.refund_quote && p.refund_until ? <RefundButton purchase={p} quote={p.refund_quote} until={p.refund_until} /> : null}
    </li>
  );
}

export function PurchaseHistoryCard() {
  const purchases = usePurchases();
  const list = purchases.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2.5">
          <Receipt className="size-4 text-accent" />
          Purchases
        </CardTitle>
      </CardHeader>
      <CardBody className="flex flex-col gap-3">
        {purchases.isError ? <p className="text-sm text-negative">Failed to load purchases.</p> : null}
        {purchases.isSuccess && list.length === 0 ? (
          <p className="text-sm text-muted">No purchases yet. Credit packs are on the Pricing page.</p>
        ) : null}
        {list.length ? (
          <ul className="flex flex-col gap-2" aria-label="Purchase history">
            {list.map((p) => (
              <Row key={p.id} p={p} />
            ))}
          </ul>
        ) : null}
        <p className="text-xs text-faint">{REFUND_RULE}</p>
      </CardBody>
    </Card>
  );
}
