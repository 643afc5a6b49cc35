// The /verify result: the signal's path recomputed to its day's root (with its fields once disclosed), or why not.
import { AlertTriangle, CheckCircle2, SearchX, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import { Spinner } from "@web/components/ui/Spinner";
import { formatCount, formatUtcMinute } from "@web/lib/format";
import { useLedgerCheck } from "../api/ledger";
import { committedFields, rootLabel } from "../model/ledger-text";
import { LedgerHash } from "./LedgerHash";

type Tone = "accent" | "warn" | "negative" | "neutral";
const TONES: Record<Tone, string> = {
  accent: "border-accent/30 bg-accent/[0.06]",
  warn: "border-warn/40 bg-warn/[0.07]",
  negative: "border-negative/40 bg-negative/[0.07]",
  neutral: "border-line bg-surface",
};
const ICON_TONES: Record<Tone, string> = { accent: "text-accent-strong", warn: "text-amber-300", negative: "text-rose-300", neutral: "text-muted" };

function Panel(props: { tone: Tone; icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <section data-testid="ledger-result" className={cn("flex gap-4 rounded-xl border p-5 sm:p-6", TONES[props.tone])}>
      <span className={cn("mt-0.5 shrink-0 [&>svg]:size-6", ICON_TONES[props.tone])}>{props.icon}</span>
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold text-pretty">{props.title}</h2>
        {props.children}
      </div>
    </section>
  );
}

function Fields({ canonical }: { canonical: string }) {
  const fields = committedFields(canonical);
  return (
    <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3 border-t border-line pt-4 sm:grid-cols-3">
      {fields.map((f) => (
        <div key={f.label} className="min-w-0">
          <dt className="text-xs text-muted">{f.label}</dt>
          <dd className="num mt-0.5 text-sm font-medium break-words">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LedgerProofResult({ signalId }: { signalId: number }) {
  const { data, isPending, error } = useLedgerCheck(signalId);
  if (isPending) {
    return <Panel tone="neutral" icon={<Spinner label="Recomputing" />} title={`Recomputing the chain for signal #${signalId}…`} />;
  }
  if (error) {
    return (
      <Panel tone="warn" icon={<AlertTriangle aria-hidden />} title="The proof could not be loaded">
        <p className="mt-2 text-sm text-muted">{error.message}</p>
      </Panel>
    );
  }
  if (data === null) {
    return (
      <Panel tone="warn" icon={<SearchX aria-hidden />} title={`No ledger entry for signal #${signalId}`}>
        <p className="mt-2 text-sm text-muted">No signal with this ID has been issued. Each signal shows its ID on your dashboard.</p>
      </Panel>
    );
  }
  const { proof, check } = data;
  if (!check.ok || !proof) {
    return (
      <Panel tone="negative" icon={<XCircle aria-hidden />} title={`Signal #${signalId} is not verified`}>
        <p className="mt-2 text-sm text-ink/90">{check.ok ? "" : check.reason}</p>
      </Panel>
    );
  }
  return (
    <Panel tone="accent" icon={<CheckCircle2 aria-hidden />} title={`Signal #${signalId} is included in ${rootLabel(proof.day, proof.root.final)}`}>
      <LedgerHash value={check.root} className="mt-2 text-ink/90" />
      <p className="mt-3 text-sm text-muted">
        Entry #{proof.entry.seq}, committed {formatUtcMinute(proof.entry.committed_at)}. Your browser recomputed {formatCount(proof.path.length + 2)}{" "}
        hashes, from this entry to the root of the day's {formatCount(proof.root.entries)} entries.
      </p>
      {proof.entry.canonical ? (
        <Fields canonical={proof.entry.canonical} />
      ) : (
        <p className="mt-4 border-t border-line pt-4 text-sm text-muted">
          The trade is still open, so its fields stay private until it closes. Its commitment is in the chain all the same.
        </p>
      )}
    </Panel>
  );
}
