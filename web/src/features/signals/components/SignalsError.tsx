// Load error screen for the signals list: 'Error Loading Signals', the message and a Retry that reloads the page.
import { AlertTriangle, RotateCw } from "lucide-react";
import { Button } from "@web/components/ui/Button";

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
