// Webhooks card: one endpoint with enable/disable, Send test, delete (confirmed by a second press) and its delivery log.
import { useState } from "react";
import { ScrollText, Send, Trash2 } from "lucide-react";
import { Badge } from "@web/components/ui/Badge";
import { Button } from "@web/components/ui/Button";
import { toast } from "@web/components/ui/toast";
import { serverMessage } from "@web/lib/api";
import { useDeleteWebhook, useSendTest, useToggleWebhook, type Webhook } from "../api/webhooks";
import { DeliveryLog } from "./DeliveryLog";

export function WebhookRow({ hook }: { hook: Webhook }) {
  const toggle = useToggleWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTest();
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const fail = (title: string) => (err: unknown) => toast({ title, description: serverMessage(err) ?? "Please try again.", variant: "destructive" });
  const sendTest = () =>
    test.mutateAsync(hook.id).then(() => {
      setShowLog(true);
      toast({ title: "Test event sent", description: "It shows in the delivery log within seconds." });
    }, fail("Could not send the test"));
  const onDelete = () => {
    if (!confirming) return setConfirming(true);
    remove.mutateAsync(hook.id).catch(fail("Could not delete the endpoint"));
  };

  return (
    <li className="flex flex-col gap-3 px-4 py-3" data-testid="webhook-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <p className="truncate font-mono text-[13px] text-ink" title={hook.url}>
            {hook.url}
          </p>
          <p className="mt-0.5 flex items-center gap-2 text-xs text-muted">
            <Badge tone={hook.enabled ? "accent" : "neutral"}>{hook.enabled ? "Enabled" : "Disabled"}</Badge>
            Secret {hook.secret_hint}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Button
            variant="outline"
            size="sm"
            disabled={toggle.isPending}
            onClick={() => toggle.mutateAsync({ id: hook.id, enabled: !hook.enabled }).catch(fail("Could not update the endpoint"))}
          >
            {hook.enabled ? "Disable" : "Enable"}
          </Button>
          <Button variant="secondary" size="sm" disabled={test.isPending} onClick={sendTest}>
            <Send className="hidden size-3.5 sm:block" />
            Send test
          </Button>
          <Button variant="ghost" size="sm" aria-label="Delivery log" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
            <ScrollText className="size-3.5" />
            <span className="hidden sm:inline">Log</span>
          </Button>
          <Button
            variant={confirming ? "danger" : "ghost"}
            size="sm"
            aria-label={confirming ? `Confirm delete ${hook.url}` : `Delete ${hook.url}`}
            onClick={onDelete}
            onBlur={() => setConfirming(false)}
          >
            <Trash2 className="size-3.5" />
            {confirming ? "Delete?" : null}
          </Button>
        </div>
      </div>
      {showLog ? <DeliveryLog webhookId={hook.id} /> : null}
    </li>
  );
}
