// Active Devices / Sessions: list with icon, location, IP, last seen, current mark; remote logout with confirmation;
// below it the trusted browsers.
import { useState } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Laptop, MonitorSmartphone, Smartphone } from "lucide-react";
import { Badge } from "@web/components/ui/Badge";
import { Button } from "@web/components/ui/Button";
import { Checkbox } from "@web/components/ui/Checkbox";
import { Dialog, DialogClose, DialogContent } from "@web/components/ui/Dialog";
import { Spinner } from "@web/components/ui/Spinner";
import { toast } from "@web/components/ui/toast";
import { clearSession } from "@web/lib/session";
import { onePerDevice, useRevokeSession, useSessions, type DisplaySession } from "../api/profile-api";
import { CollapsibleCard } from "./Collapsible";
import { TrustedBrowsers } from "./TrustedBrowsers";

export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [showAll, setShowAll] = useState(false);
  const [target, setTarget] = useState<DisplaySession | null>(null);
  const all = sessions.data ?? [];
  const shown = showAll ? all : onePerDevice(all);

  const confirmLogout = async () => {
    if (!target) return;
    const victim = target;
    setTarget(null);
    try {
      await revoke.mutateAsync(victim.id);
      if (victim.isCurrent) {
        clearSession();
        queryClient.clear();
        navigate("/login", { replace: true });
        return;
      }
      toast({ title: "Device logged out", description: `${victim.name} was signed out.` });
    } catch {
      toast({ title: "Error", description: "Could not log out that device. Please try again.", variant: "destructive" });
    }
  };

  return (
    <CollapsibleCard title="Active Devices / Sessions" icon={<MonitorSmartphone className="size-4 text-accent" />} defaultOpen>
      <div className="flex flex-col gap-3">
        <Checkbox id="show-all-sessions" checked={showAll} onCheckedChange={setShowAll} label="Show all sessions (not only one per device)" />
        {sessions.isPending ? (
          <Spinner label="Loading sessions..." />
        ) : sessions.isError ? (
          <p className="text-sm text-negative">Failed to load sessions.</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted">No active sessions.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" aria-label="Sessions">
            {shown.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="session-row">
                <div className="grid size-9 shrink-0 place-items-center rounded-lg bg-surface-2 text-muted">
                  {s.icon === "phone" ? <Smartphone className="size-4" /> : <Laptop className="size-4" />}
                </div>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span className="truncate">{s.name}</span>
                    {s.isCurrent ? <Badge tone="accent">This device</Badge> : null}
                  </p>
                  <p className="text-xs text-muted">
                    {s.location} · {s.ip} · Last seen {s.lastSeen}
                  </p>
                </div>
                {s.isCurrent ? null : (
                  <Button variant="outline" size="sm" onClick={() => setTarget(s)} aria-label={`Logout ${s.name}`}>
                    Logout
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <TrustedBrowsers />
      </div>
      <Dialog open={target !== null} onOpenChange={(open) => !open && setTarget(null)}>
        {target ? (
          <DialogContent title="Log Out Device" description={`Sign out ${target.name} (${target.location})? It will need to sign in again.`}>
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button variant="danger" onClick={confirmLogout}>
                Log Out Device
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </CollapsibleCard>
  );
}
