// The main action of the New Analysis panel (spec 02 §2): Start Analysis (SYMBOL), Launching…, or Buy Credits at 0; held
// back with its reason at the running-analyses cap, and a note when the chosen pair cannot be analysed here.
import { Ban, Coins, Info, Rocket } from "lucide-react";
import { Button, ButtonLink } from "@web/components/ui/Button";
import { Spinner } from "@web/components/ui/Spinner";
import type { RunningCap } from "../model/running-cap";

export function StartAction(props: {
  symbol: string;
  /** The server's reason the chosen pair cannot be analysed here, if it named one. */
  unavailableReason: string | undefined;
  noCredits: boolean;
  pending: boolean;
  cap: RunningCap;
  onStart: () => void;
}) {
  const { symbol, cap } = props;
  return (
    <div className="space-y-2.5">
      {props.unavailableReason ? (
        <p data-testid="pair-unavailable-note" className="flex items-start gap-2 text-xs leading-relaxed text-muted">
          <Info className="mt-0.5 size-3.5 shrink-0 text-faint" aria-hidden />
          <span>
            <span className="font-mono text-ink">{symbol}</span>: {props.unavailableReason}. The server will refuse the start; pick a pair without
            this note.
          </span>
        </p>
      ) : null}
      {props.pending ? (
        <Button size="lg" className="w-full" disabled>
          <Spinner className="size-4 text-[#03140d]" label="Launching" />
          Launching…
        </Button>
      ) : props.noCredits ? (
        <ButtonLink to="/pricing" size="lg" className="w-full">
          <Coins className="size-4" aria-hidden />
          Buy Credits
        </ButtonLink>
      ) : (
        <Button
          size="lg"
          className="w-full"
          onClick={props.onStart}
          disabled={cap.blocked}
          aria-describedby={cap.blocked ? "running-cap" : undefined}
        >
          <Rocket className="size-4" aria-hidden />
          {symbol ? `Start Analysis (${symbol})` : "Start Analysis"}
        </Button>
      )}
      {cap.blocked ? (
        <p
          id="running-cap"
          role="status"
          data-testid="running-cap"
          className="flex items-start gap-2 rounded-lg border border-warn/30 bg-warn/[0.07] px-3 py-2.5 text-xs leading-relaxed text-amber-200"
        >
          <Ban className="mt-0.5 size-3.5 shrink-0 text-warn" aria-hidden />
          <span>{cap.reason}</span>
        </p>
      ) : null}
    </div>
  );
}
