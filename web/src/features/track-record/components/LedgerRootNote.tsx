// The track record's page footer: the latest daily root of the signal ledger, with a link to check any signal against it.
import { ArrowRight, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { formatCount, formatDateUtc } from "@web/lib/format";
import { rootCounts, useLedgerRoots } from "../api/ledger";
import { LedgerHash } from "./LedgerHash";

export function LedgerRootNote() {
  const { data } = useLedgerRoots();
  const latest = data?.[0];
  return (
    <footer data-testid="ledger-root" className="mt-12 flex flex-col gap-4 border-t border-line pt-6 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
        <div className="min-w-0">
          <p className="text-sm font-semibold">Every signal is on a public hash chain</p>
          {latest ? (
            <>
              <p className="mt-0.5 text-xs text-muted">
                Latest daily root: {formatDateUtc(`${latest.day}T00:00:00Z`)}
                {latest.final ? "" : " (so far)"} · {rootCounts(latest, formatCount)}
              </p>
              <LedgerHash value={latest.rootHash} className="mt-1 text-faint" />
            </>
          ) : (
            <p className="mt-0.5 text-xs text-muted">No Trade included, committed when issued. The first root is published with the first signal.</p>
          )}
        </div>
      </div>
      {/* Stacked (narrow screens), the link lines up with the text, past the icon (size-5 + gap-3 = pl-8). */}
      <Link to="/verify" className="inline-flex shrink-0 items-center gap-1 pl-8 text-sm font-semibold text-accent-strong hover:underline sm:pl-0">
        Verify a signal <ArrowRight className="size-3.5" aria-hidden />
      </Link>
    </footer>
  );
}
