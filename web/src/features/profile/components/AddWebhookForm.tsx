// Webhooks card: the add-endpoint form (URL; the signing secret is always generated) and its one-time display.
import { useState, type FormEvent } from "react";
import { Check, Copy, KeyRound, Plus } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { serverMessage } from "@web/lib/api";
import { useCreateWebhook } from "../api/webhooks";

export function AddWebhookForm(props: { full: boolean; limit: number; onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const res = await create.mutateAsync({ url: url.trim() });
      setUrl("");
      props.onCreated(res.secret);
    } catch (err) {
      setError(serverMessage(err) ?? "Could not add the endpoint. Please try again.");
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <Field id="wh-url" label="Endpoint URL" error={error} hint={props.full ? `Limit reached: at most ${props.limit} endpoints` : undefined}>
        <Input
          id="wh-url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/tradewind"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          invalid={Boolean(error)}
          required
        />
      </Field>
      <Button type="submit" className="sm:mt-[26px]" disabled={props.full || create.isPending || !url.trim()}>
        <Plus className="size-4" />
        Add endpoint
      </Button>
    </form>
  );
}

/** The secret exists in the browser only here: the server never serves it again. */
export function SecretNotice(props: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(props.secret).catch(() => {});
    setCopied(true);
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-warn/40 bg-warn/5 px-4 py-3" role="status">
      <p className="flex items-center gap-2 text-sm font-medium text-amber-200">
        <KeyRound className="size-4" />
        Signing secret: copy it now, it will not be shown again
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="webhook-secret"
          className="w-full min-w-0 break-all rounded-md sm:w-auto sm:flex-1 bg-bg/70 px-3 py-2 font-mono text-[13px] text-ink"
        >
          {props.secret}
        </code>
        <Button variant="secondary" size="sm" onClick={copy}>
          {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="ghost" size="sm" onClick={props.onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
