// The money-back request of one purchase: the quote, one confirmation, then the server's answer in words.
import { useState } from "react";
import { Button } from "@web/components/ui/Button";
import { type Purchase, formatMoney, useRequestRefund } from "@web/entities/billing/api/billing";
import { serverMessage } from "@web/lib/api";
import { formatDateUtc } from "@web/lib/format";

export function RefundButton({ purchase, quote, until }: { purchase: Purchase; quote: { credits: number; cents: number }; until: string }) {
  const [confirming, setConfirming] = useState(false);
  const refund = useRequestRefund();
  const offer = `${formatMoney(quote.cents, purchase.currency)} for ${quote.credits} unused ${quote.credits === 1 ? "credit" : "credits"}`;
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      {confirming ? (
        <>
          <span>Refund {offer}? The credits leave your balance.</span>
          <Button size="sm" variant="danger" disabled={refund.isPending} onClick={() => refund.mutate(purchase.id)}>
            Confirm refund
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep credits
          </Button>
        </>
      ) : (
        <>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Request refund
          </Button>
          <span className="text-muted">
            {offer} · until {formatDateUtc(until)}
          </span>
        </>
      )}
      {refund.isError ? (
        <p className="w-full text-negative">{serverMessage(refund.error) ?? "The refund could not be requested. Please try again."}</p>
      ) : null}
    </div>
  );
}
