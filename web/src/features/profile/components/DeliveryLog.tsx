// Webhooks card: one endpoint's delivery attempts (time, event, attempt, status, duration, error), newest first.
import { Badge } from "@web/components/ui/Badge";
import { formatUtcDayTime } from "@web/lib/format";
import { Spinner } from "@web/components/ui/Spinner";
import { useDeliveries, type Delivery } from "../api/webhooks";

const time = (iso: string) => formatUtcDayTime(iso, { seconds: true });

function StatusCell({ d }: { d: Delivery }) {
  if (d.ok) return <Badge tone="accent">{d.status_code}</Badge>;
  return <Badge tone="negative">{d.status_code ?? "—"}</Badge>;
}

export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const log = useDeliveries(webhookId, true);
  if (log.isPending) return <Spinner label="Loading deliveries..." />;
  if (log.isError) return <p className="text-sm text-negative">Failed to load the delivery log.</p>;
  const rows = log.data ?? [];
  if (rows.length === 0) return <p className="text-sm text-muted">No deliveries yet. Send a test to see one here.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full min-w-[36rem] text-left text-[13px]" aria-label="Delivery log">
        <thead className="bg-surface-2/60 text-xs text-muted">
          <tr>
            <th className="px-3 py-2 font-medium">Time</th>
            <th className="px-3 py-2 font-medium">Status</th>
            <th className="px-3 py-2 font-medium">Event</th>
            <th className="px-3 py-2 font-medium">Attempt</th>
            <th className="px-3 py-2 text-right font-medium">Duration</th>
            <th className="px-3 py-2 font-medium">Error</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums text-muted">{time(d.created_at)}</td>
              <td className="px-3 py-2">
                <StatusCell d={d} />
              </td>
              <td className="px-3 py-2">
                <span className="font-mono text-xs text-ink">{d.event_type}</span>
              </td>
              <td className="px-3 py-2 tabular-nums">{d.attempt}</td>
              <td className="px-3 py-2 text-right tabular-nums text-muted">{d.duration_ms} ms</td>
              <td className="max-w-[16rem] truncate px-3 py-2 text-xs text-rose-300" title={d.error ?? undefined}>
                {d.error ?? ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
