// /verify: enter a signal ID, and the browser recomputes its ledger proof to the day's published root (Web Crypto).
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { resolveApiUrl } from "@web/lib/api-host";
import { formatCount, formatDateUtc } from "@web/lib/format";
import { usePageTitle } from "@web/lib/use-page-title";
import { LEDGER_ROOTS_PATH, rootCounts, useLedgerRoots } from "../api/ledger";
import { parseSignalId } from "../model/ledger-text";
import { LedgerHash } from "./LedgerHash";
import { LedgerProofResult } from "./LedgerProofResult";
import { PageHero, Section } from "@web/components/ui/Section";

const STEPS = [
  "When a signal is issued, No Trade included, its fields are written as one fixed text and hashed. The buyer appears only as a salted hash.",
  "Each entry's hash covers the one before it: SHA-256 of the previous hash and this entry's hash. Editing, removing or reordering a stored signal changes every hash after it.",
  "The last hash of each UTC day is that day's root, published below and as JSON. Keep a copy: a later rewrite could not reproduce it.",
  "This page fetches the signal's entry and the rest of its day, and recomputes every hash in your browser.",
];

function HowItWorks() {
  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold">How the check works</h2>
      <ol className="mt-4 space-y-3 text-sm leading-relaxed text-muted">
        {STEPS.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span className="num flex size-6 shrink-0 items-center justify-center rounded-full border border-line-strong text-xs text-ink">
              {i + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function RecentRoots() {
  const { data } = useLedgerRoots();
  const roots = (data ?? []).slice(0, 7);
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">Published daily roots</h2>
        <a href={resolveApiUrl(LEDGER_ROOTS_PATH)} className="text-sm font-semibold text-accent-strong hover:underline">
          All roots (JSON)
        </a>
      </div>
      {roots.length ? (
        <ul className="mt-4 divide-y divide-line">
          {roots.map((r) => (
            <li key={r.day} className="py-3 first:pt-0 last:pb-0">
              <p className="text-sm">
                <span className="font-medium">{formatDateUtc(`${r.day}T00:00:00Z`)}</span>
                <span className="text-muted">
                  {" "}
                  · {rootCounts(r, formatCount)}
                  {r.final ? "" : " · so far today"}
                </span>
              </p>
              <LedgerHash value={r.rootHash} className="mt-1 text-muted" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">The first root is published with the first signal.</p>
      )}
    </Card>
  );
}

export function VerifyPage() {
  usePageTitle("Verify a signal");
  const [params, setParams] = useSearchParams();
  const asked = params.get("signal") ?? "";
  const signalId = parseSignalId(asked);
  const [draft, setDraft] = useState(asked);
  const [error, setError] = useState<string | null>(null);
  // Back and forward move through earlier checks: the field follows the address.
  useEffect(() => setDraft(asked), [asked]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const id = parseSignalId(draft);
    setError(id === null ? "Enter a signal ID: the whole number shown on the signal." : null);
    if (id !== null) setParams({ signal: String(id) });
  };

  return (
    <>
      <PageHero
        eyebrow="Signal ledger"
        title="Verify a signal"
        lead="Every signal, No Trade included, is committed to a public hash chain the moment it is issued. Enter its ID and your browser checks it against the day's published root."
      />
      {/* The width goes on an inner box: Section's own max-width would win over a second one (cn does not merge). */}
      <Section>
        <div className="mx-auto max-w-3xl space-y-6">
          <Card className="p-6 sm:p-8">
            <form noValidate onSubmit={onSubmit}>
              <Field id="verify-signal" label="Signal ID" error={error} hint="Shown on each signal in your dashboard.">
                <div className="flex gap-2">
                  <Input
                    id="verify-signal"
                    name="signal"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="e.g. 1024"
                    value={draft}
                    onChange={(e) => setDraft(e.target.value)}
                    invalid={Boolean(error)}
                    aria-describedby={error ? "verify-signal-error" : undefined}
                  />
                  <Button type="submit" className="shrink-0">
                    <ShieldCheck className="size-4" aria-hidden /> Verify
                  </Button>
                </div>
              </Field>
            </form>
          </Card>
          <div aria-live="polite">{signalId !== null ? <LedgerProofResult signalId={signalId} /> : null}</div>
          <HowItWorks />
          <RecentRoots />
        </div>
      </Section>
    </>
  );
}
