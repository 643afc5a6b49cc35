// The line above the pricing cards: how checkout works, checkout coming soon (no Stripe here), a cancelled checkout, or a checkout that failed to start.
import { Coins, Info, Lock } from "lucide-react";
import { useEffect, useRef } from "react";

export type PricingNote = { kind: "online" } | { kind: "coming-soon" } | { kind: "cancelled" } | { kind: "error"; text: string } | null;

export function PricingNotice({ note }: { note: PricingNote }) {
  const alert = useRef<HTMLDivElement>(null);
  const alerting = note?.kind === "coming-soon" || note?.kind === "error";
  // On a phone the pack just chosen sits screens below this line: bring the answer to the trader's eyes.
  useEffect(() => {
    if (alerting) alert.current?.scrollIntoView({ block: "center" });
  }, [alerting]);
  if (!note) return null;
  if (note.kind === "online")
    return (
      <p className="mb-6 flex items-start justify-center gap-2 text-center text-sm text-muted">
        <Lock className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        Pay by card on Stripe's secure checkout; credits arrive within seconds. 30-day money-back on unused credits.
      </p>
    );
  if (note.kind === "cancelled")
    return (
      <div role="status" className="mb-6 flex items-start gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-ink">
        <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        <p>
          <strong className="font-semibold">Checkout cancelled.</strong> Nothing was charged — choose a pack to try again.
        </p>
      </div>
    );
  return (
    <div
      ref={alert}
      role="alert"
      className="mb-6 flex items-start gap-3 rounded-xl border border-warn/40 bg-warn/10 px-4 py-3 text-sm text-amber-100"
    >
      <Coins className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden />
      {note.kind === "coming-soon" ? (
        <p>
          <strong className="font-semibold">Payment integration is coming soon.</strong> Your selected pack is noted — credits can't be purchased
          online yet.
        </p>
      ) : (
        <p>
          <strong className="font-semibold">Checkout could not start.</strong> {note.text}
        </p>
      )}
    </div>
  );
}
