// Payment Methods: a local mock (spec 01 §2) with two sample cards, remove and a mock add; nothing reaches a server.
import { useState } from "react";
import { CreditCard, Plus, Trash2 } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { toast } from "@web/components/ui/toast";
import { CollapsibleCard } from "./Collapsible";

export type PaymentMethod = { id: string; brand: string; last4: string; exp: string };

export const SAMPLE_METHODS: PaymentMethod[] = [
  { id: "pm_1", brand: "Visa", last4: "4242", exp: "12/27" },
  { id: "pm_2", brand: "Mastercard", last4: "5454", exp: "08/26" },
];

export function PaymentMethodsCard() {
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
              <div className="flex items-center gap-3">
                <CreditCard className="size-4 text-muted" />
                <div>
                  <p className="text-sm font-medium">
                    {m.brand} •••• {m.last4}
                  </p>
                  <p className="text-xs text-muted">Expires {m.exp}</p>
                </div>
              </div>
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
