// The bell in the top navigation (signed in): unread count, the notification list in a popover, live toasts via the socket.
import * as Popover from "@radix-ui/react-popover";
import { Bell } from "lucide-react";
import { Link } from "react-router";
import { useIsSignedIn } from "@web/lib/session";
import { useAlerts, useMarkAlertsRead } from "../api/alerts";
import { useAlertSocket } from "../hooks/use-alert-socket";
import { AlertList } from "./AlertList";

function SignedInBell() {
  useAlertSocket();
  const alerts = useAlerts();
  const markRead = useMarkAlertsRead();
  const unread = alerts.data?.unread_count ?? 0;
  const label = unread ? `Alerts, ${unread} unread` : "Alerts";
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={label}
        className="relative grid size-8 place-items-center rounded-md text-muted transition-colors hover:bg-white/5 hover:text-ink"
      >
        <Bell className="size-4" aria-hidden />
        {unread ? (
          <span
            data-testid="alerts-unread"
            className="absolute -right-0.5 -top-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-accent px-1 text-[10px] font-bold leading-none text-bg"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-line-strong bg-surface-2 shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Alerts</h2>
            <button
              type="button"
              disabled={!unread || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
              className="text-xs font-medium text-accent-strong hover:underline disabled:text-faint disabled:no-underline"
            >
              Mark all read
            </button>
          </div>
          {alerts.isError ? <p className="px-4 py-6 text-sm text-negative">Could not load your alerts.</p> : null}
          <AlertList items={alerts.data?.items ?? []} onRead={(id) => markRead.mutate([id])} />
          <div className="border-t border-line px-4 py-2.5 text-right">
            <Popover.Close asChild>
              <Link to="/profile#alerts" className="text-xs font-medium text-muted hover:text-ink">
                Alert settings
              </Link>
            </Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Nothing for a visitor; the bell (and its socket) while signed in. */
export function AlertsBell() {
  return useIsSignedIn() ? <SignedInBell /> : null;
}
