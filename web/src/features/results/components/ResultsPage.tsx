// /results: the trader's own track record from stored outcomes: totals by month, every signal, and both as CSV.
import { Download } from "lucide-react";
import { Button, ButtonLink } from "@web/components/ui/Button";
import { toast } from "@web/components/ui/toast-store";
import { serverMessage } from "@web/lib/api";
import { usePageTitle } from "@web/lib/use-page-title";
import { type ResultsTable, useResultsCsv } from "../api/export-csv";
import { useResults } from "../api/results";
import { MonthTable, SignalResultTable } from "./ResultTables";

export const RESULTS_NOTE =
  "From the outcomes stored for your signals: R is after fees and slippage, a win is a closed signal above 0R, and time to outcome runs on the market clock. Months are UTC months of issue.";
export const RESULTS_EMPTY = "No LONG or SHORT signals yet. Results appear here once an analysis issues one.";

function CsvButton({ table, label }: { table: ResultsTable; label: string }) {
  const csv = useResultsCsv();
  const run = () =>
    csv.mutate(table, {
      onSuccess: (name) => toast({ title: "Export ready", description: `${name} is downloading.`, variant: "success" }),
      onError: (err) => toast({ title: "Export failed", description: serverMessage(err) ?? "Could not export the results.", variant: "destructive" }),
    });
  return (
    <Button variant="secondary" size="sm" className="h-9" onClick={run} disabled={csv.isPending} data-testid={`results-csv-${table}`}>
      <Download className="size-4" aria-hidden />
      {label}
    </Button>
  );
}

function Heading({ id, title, csv }: { id: string; title: string; csv: { table: ResultsTable; label: string } }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={id} className="text-sm font-semibold tracking-tight">
        {title}
      </h2>
      <CsvButton {...csv} />
    </div>
  );
}

export function ResultsPage() {
  usePageTitle("Results");
  const q = useResults();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <p className="text-xs font-medium uppercase tracking-[0.12em] text-faint">Results</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Your track record</h1>
        <p className="mt-1 max-w-3xl text-sm text-muted">{RESULTS_NOTE}</p>
      </div>
      {q.isError ? (
        <p role="alert" className="rounded-lg border border-negative/30 bg-negative/[0.05] px-3 py-2 text-sm text-rose-300">
          Could not load your results: {serverMessage(q.error) ?? (q.error as Error).message}
        </p>
      ) : !q.data ? (
        <div className="h-40 animate-pulse rounded-xl border border-line bg-surface" role="status" aria-label="Loading results" />
      ) : q.data.signals.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-line bg-surface p-5" data-testid="results-empty">
          <p className="text-sm text-muted">{RESULTS_EMPTY}</p>
          <ButtonLink to="/trading">New Analysis</ButtonLink>
        </div>
      ) : (
        <>
          <section aria-labelledby="months-heading" className="flex flex-col gap-3">
            <Heading id="months-heading" title="By month" csv={{ table: "months", label: "Months CSV" }} />
            <MonthTable months={q.data.months} overall={q.data.overall} />
          </section>
          <section aria-labelledby="results-heading" className="flex flex-col gap-3">
            <Heading id="results-heading" title="Signals" csv={{ table: "signals", label: "Signals CSV" }} />
            <SignalResultTable rows={q.data.signals} />
          </section>
        </>
      )}
    </div>
  );
}
