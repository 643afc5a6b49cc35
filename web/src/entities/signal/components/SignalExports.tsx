// Copy a signal as plain text, as a TradingView alert message (JSON) or as Cornix text; a toast confirms the copy.
import { Copy } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { toast } from "@web/components/ui/toast-store";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import type { Sizing } from "../model/position-size";
import { cornixText, plainText, tradingViewAlert } from "../model/signal-exports";
import type { Trade } from "../model/sizer-view";

async function copy(text: string, what: string, symbol: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: `${symbol} as ${what} is on the clipboard.`, variant: "success" });
  } catch {
    toast({ title: "Copy failed", description: "The browser did not allow access to the clipboard.", variant: "destructive" });
  }
}

/** `dense` (the narrow Day Signal card) drops the icons so the three labels fit; so does a phone-width drawer. */
export function SignalExports({ signal, trade, sizing, dense = false }: { signal: Signal; trade: Trade; sizing: Sizing | null; dense?: boolean }) {
  const quantity = sizing && !sizing.roundsToZero ? sizing.quantity : null;
  const formats = [
    { key: "text", label: "Text", what: "plain text", make: () => plainText(signal, trade) },
    { key: "tradingview", label: "TradingView", what: "a TradingView alert", make: () => tradingViewAlert(signal, trade, quantity) },
    { key: "cornix", label: "Cornix", what: "a Cornix signal", make: () => cornixText(signal, trade, sizing?.leverage) },
  ];
  return (
    <div className="mt-3 border-t border-line/60 pt-2.5">
      <p className="text-[11px] font-medium text-muted">Copy signal as</p>
      <div className="mt-1.5 grid grid-cols-3 gap-1.5">
        {formats.map((f) => (
          <Button
            key={f.key}
            variant="secondary"
            size="sm"
            className="px-2"
            title={`Copy as ${f.what}`}
            data-testid={`export-${f.key}`}
            onClick={() => void copy(f.make(), f.what, signal.symbol)}
          >
            {dense ? null : <Copy className="hidden size-3.5 shrink-0 sm:block" aria-hidden />}
            {f.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
