// Trusted browsers (inside the sessions card): the browsers that sign in without an e-mail code. Sign-out keeps a
// browser's trust, so this is where its owner removes it; a password reset or change removes them all.
import { ShieldCheck } from "lucide-react";
import { Badge } from "@web/components/ui/Badge";
import { Button } from "@web/components/ui/Button";
import { toast } from "@web/components/ui/toast";
import { getDeviceId } from "@web/lib/device-id";
import { formatDateUtc } from "@web/lib/format";
import { useRemoveTrustedBrowser, useTrustedBrowsers, type TrustedBrowser } from "../api/trusted-browsers";

function Row({ browser, isThis, onRemove }: { browser: TrustedBrowser; isThis: boolean; onRemove: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="trusted-browser-row">
      <div className="grid size-9 shrink-0 place-items-center rounded-lg bg-surface-2 text-muted">
        <ShieldCheck className="size-4" aria-hidden />
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{browser.device_name}</span>
          {isThis ? <Badge tone="accent">This browser</Badge> : null}
        </p>
        <p className="text-xs text-muted">
          Verified {formatDateUtc(browser.verified_at)} · trusted until {formatDateUtc(browser.expires_at)}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRemove} aria-label={`Remove ${browser.device_name}`}>
        Remove
      </Button>
    </li>
  );
}

export function TrustedBrowsers() {
  const browsers = useTrustedBrowsers();
  const remove = useRemoveTrustedBrowser();
  const own = getDeviceId();
  const onRemove = async (b: TrustedBrowser) => {
    try {
      await remove.mutateAsync(b.device_id);
      toast({ title: "Browser removed", description: `${b.device_name} will need an e-mail code at its next sign-in.` });
    } catch {
      toast({ title: "Error", description: "Could not remove that browser. Please try again.", variant: "destructive" });
    }
  };
  return (
    <section aria-labelledby="trusted-browsers-heading" className="flex flex-col gap-2">
      <h3 id="trusted-browsers-heading" className="text-sm font-semibold">
        Trusted browsers
      </h3>
      <p className="text-xs text-muted">These sign in without an e-mail code, also after you sign out. Remove one you no longer use.</p>
      {browsers.isPending ? null : browsers.isError ? (
        <p className="text-sm text-negative">Failed to load trusted browsers.</p>
      ) : (browsers.data ?? []).length === 0 ? (
        <p className="text-sm text-muted">No trusted browsers.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" aria-label="Trusted browsers">
          {(browsers.data ?? []).map((b) => (
            <Row key={b.device_id} browser={b} isThis={b.device_id === own} onRemove={() => onRemove(b)} />
          ))}
        </ul>
      )}
    </section>
  );
}
