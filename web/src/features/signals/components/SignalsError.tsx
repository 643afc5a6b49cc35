// Load error screen for the signals list: 'Error Loading Signals', the message and a Retry that reloads the page; and the
// notice of a failed analysis history above the table.
import { AlertTriangle, RotateCw } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { HISTORY_FAILED, failureText } from "@web/entities/analysis/model/fetch-failures";

export function SignalsError({ message }: { message: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-negative/30 bg-negative/[0.05] px-6 py-14 text-center">
      <AlertTriangle className="size-7 text-rose-400" aria-hidden />
      <h2 className="text-base font-semibold">Error Loading Signals</h2>
      <p className="max-w-lg break-words text-sm text-muted">{message}</p>
      <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
        <RotateCw className="size-3.5" aria-hidden />
        Retry
      </Button>
    </div>
  );
}

/** The analysis history failed (spec 02 §8: the server's detail, else 'Failed to fetch analysis history'): the signals
 * still show, but failed analyses may be missing, so the table says so above itself. */
export function HistoryNotice({ error }: { error: unknown }) {
  return (
    <p
      role="alert"
      data-testid="history-error"
      className="flex items-center gap-2 rounded-lg border border-negative/30 bg-negative/[0.05] px-3 py-2 text-xs text-rose-300"
    >
      <AlertTriangle className="size-3.5 shrink-0" aria-hidden />
      {failureText(error, HISTORY_FAILED)}
    </p>
  );
}
