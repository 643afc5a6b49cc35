// Payment Methods: with Stripe configured, the saved cards from Stripe and its customer portal to manage them;
// otherwise none (the spec's two sample cards read as the trader's own saved cards, issue 33 §9).
import { CreditCard, ExternalLink } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { useBillingConfig, usePortal, useSavedCards } from "@web/entities/billing/api/billing";
import { serverMessage } from "@web/lib/api";
import { CollapsibleCard } from "./Collapsible";

export type PaymentMethod = { id: string; brand: string; last4: string; exp: string };

const CardLine = ({ m }: { m: PaymentMethod }) => (
  <div className="flex items-center gap-3">
    <CreditCard className="size-4 text-muted" />
    <div>
      <p className="text-sm font-medium">
        {m.brand} •••• {m.last4}
      </p>
      <p className="text-xs text-muted">Expires {m.exp}</p>
    </div>
  </div>
);

export function PaymentMethodsCard() {
  const billing = useBillingConfig();
  return billing.data?.enabled ? <StripeMethods /> : <NoMethods />;
}

/** The customer's cards as Stripe keeps them; adding and removing happen in Stripe's portal. */
function StripeMethods() {
  const cards = useSavedCards(true);
  const portal = usePortal();
  const methods = cards.data?.methods ?? [];
  const brand = (b: string) => b.charAt(0).toUpperCase() + b.slice(1);
  return (
    <CollapsibleCard title="Payment Methods" icon={<CreditCard className="size-4 text-accent" />}>
      <div className="flex flex-col gap-3">
        {cards.isError ? <p className="text-sm text-negative">Failed to load saved cards.</p> : null}
        {cards.isSuccess && methods.length === 0 ? <p className="text-sm text-muted">No saved payment methods.</p> : null}
        <ul className="flex flex-col gap-2">
          {methods.map((m) => (
            <li key={m.id} className="rounded-lg border border-line px-4 py-3">
              <CardLine m={{ ...m, brand: brand(m.brand) }} />
            </li>
          ))}
        </ul>
        <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending} className="self-start">
          <ExternalLink className="size-4" />
          Manage in Stripe
        </Button>
        {portal.isError ? <p className="text-sm text-negative">{serverMessage(portal.error) ?? "The portal could not be opened."}</p> : null}
      </div>
    </CollapsibleCard>
  );
}

/** Without a payment provider there is nothing saved and nothing to add. */
function NoMethods() {
  return (
    <CollapsibleCard title="Payment Methods" icon={<CreditCard className="size-4 text-accent" />}>
      <p data-testid="no-payment-methods" className="text-sm text-muted">
        No saved payment methods. Payment integration is coming soon; cards will be listed here once you have paid with one.
      </p>
    </CollapsibleCard>
  );
}
