// Payment Methods: with Stripe configured, the saved cards from Stripe and its customer portal to manage them;
// otherwise the spec's local mock (spec 01 §2) with two sample cards, remove and a mock add.
import { useState } from "react";
import { CreditCard, ExternalLink, Plus, Trash2 } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { toast } from "@web/components/ui/toast";
import { useBillingConfig, usePortal, useSavedCards } from "@web/entities/billing/api/billing";
import { serverMessage } from "@web/lib/api";
import { CollapsibleCard } from "./Collapsible";

export type PaymentMethod = { id: string; brand: string; last4: string; exp: string };

export const SAMPLE_METHODS: PaymentMethod[] = [
  { id: "pm_1", brand: "Visa", last4: "4242", exp: "12/27" },
  { id: "pm_2", brand: "Mastercard", last4: "5454", exp: "08/26" },
];

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
  return billing.data?.enabled ? <StripeMethods /> : <MockMethods />;
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

function MockMethods() {
  const [methods, setMethods] = useState<PaymentMethod[]>(SAMPLE_METHODS);
  const add = () => {
    const n = methods.length + 1;
    setMethods((m) => [...m, { id: `pm_mock_${Date.now()}`, brand: "Visa", last4: String(1000 + ((n * 1237) % 9000)), exp: "01/30" }]);
    toast({ title: "Payment method added", description: "Demo only: payment integration is coming soon." });
  };
  return (
    <CollapsibleCard title="Payment Methods" icon={<CreditCard className="size-4 text-accent" />}>
      <div className="flex flex-col gap-3">
        {methods.length === 0 ? <p className="text-sm text-muted">No saved payment methods.</p> : null}
        <ul className="flex flex-col gap-2">
          {methods.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-3 rounded-lg border border-line px-4 py-3">
              <CardLine m={m} />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setMethods((all) => all.filter((x) => x.id !== m.id))}
                aria-label={`Delete ${m.brand} ending ${m.last4}`}
              >
                <Trash2 className="size-3.5" />
                Delete
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="outline" onClick={add} className="self-start">
          <Plus className="size-4" />
          Add New Method
        </Button>
      </div>
    </CollapsibleCard>
  );
}
