// Session Pulse: whether two trading sessions overlap, the current session and the next change.
import { Clock } from "lucide-react";
import { cn } from "@web/components/ui/cn";
import type { MarketSession } from "../api/session";
import { Tile } from "./panel-bits";

export function SessionPulseCard({ session, error }: { session: MarketSession | null | undefined; error: string | null }) {
  return (
    <Tile title="Session Pulse" testId="session-pulse" right={<Clock className="size-3.5 text-faint" aria-hidden />}>
      {error ? (
        <p role="alert" className="text-xs text-rose-400">
          {error}
        </p>
      ) : (
        <>
          <div className="flex items-center gap-2">
            <span className={cn("size-2 rounded-full", session?.overlap ? "animate-pulse bg-accent" : "bg-faint")} aria-hidden />
            <span className="text-sm font-semibold">{session ? (session.overlap ? "Overlap active" : "No overlap") : "—"}</span>
          </div>
          <p className="mt-2 text-xs text-muted">
            Current session: <span className="font-semibold text-ink">{session?.current ?? "—"}</span>
          </p>
          {session?.overlap && session.overlapName ? <p className="mt-1 text-xs text-muted">{session.overlapName}</p> : null}
          {session?.nextChange ? <p className="mt-1 text-[11px] text-faint">Next: {session.nextChange}</p> : null}
        </>
      )}
    </Tile>
  );
}
