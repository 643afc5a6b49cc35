// Webhooks: signed POSTs of the trader's signal alerts to up to 5 endpoints, with test sends and a delivery log.
import { useState } from "react";
import { Webhook } from "lucide-react";
import { Spinner } from "@web/components/ui/Spinner";
import { useWebhooks } from "../api/webhooks";
import { AddWebhookForm, SecretNotice } from "./AddWebhookForm";
import { CollapsibleCard } from "./Collapsible";
import { WebhookRow } from "./WebhookRow";

export function WebhooksCard() {
  const list = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const hooks = list.data?.webhooks ?? [];
  const limit = list.data?.limit ?? 5;

  return (
    <CollapsibleCard title="Webhooks" icon={<Webhook className="size-4 text-accent" />} defaultOpen>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          We POST a JSON event to your endpoint when a signal you bought is issued, hits its take profit or stop loss, or expires. Check the{" "}
          <code className="rounded bg-surface-2 px-1 py-0.5 font-mono text-xs text-ink">X-Tradewind-Signature</code> header: an HMAC-SHA256 of{" "}
          <code className="rounded bg-surface-2 px-1 py-0.5 font-mono text-xs text-ink">t.body</code> with your secret. Failed deliveries are retried
          up to 6 times.
        </p>
        <AddWebhookForm full={hooks.length >= limit} limit={limit} onCreated={setSecret} />
        {secret ? <SecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
        {list.isPending ? (
          <Spinner label="Loading endpoints..." />
        ) : list.isError ? (
          <p className="text-sm text-negative">Failed to load your webhooks.</p>
        ) : hooks.length === 0 ? (
          <p className="text-sm text-muted">No endpoints yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" aria-label="Webhook endpoints">
            {hooks.map((h) => (
              <WebhookRow key={h.id} hook={h} />
            ))}
          </ul>
        )}
        <p className="text-xs text-faint">
          {hooks.length} of {limit} endpoints · private and local network addresses are refused
        </p>
      </div>
    </CollapsibleCard>
  );
}
