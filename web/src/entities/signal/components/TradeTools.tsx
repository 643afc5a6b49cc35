// Beside a LONG/SHORT signal (drawer and Day Signal): the position sizer and the export buttons; nothing for NO_TRADE.
import { Calculator } from "lucide-react";
import { cn } from "@web/components/ui/cn";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { venueText } from "@web/entities/signal/model/signal-context";
import { useSizerInputs } from "../hooks/use-sizer-inputs";
import { sizerView, tradeOf } from "../model/sizer-view";
import { SignalExports } from "./SignalExports";
import { SizerFields } from "./SizerFields";
import { SizerFigures } from "./SizerFigures";

const VENUE_FALLBACK = { spot: "Binance spot", perp: "Binance USDT-M perpetual" } as const;

export function TradeTools({ signal, dense = false }: { signal: Signal; dense?: boolean }) {
  const inputs = useSizerInputs();
  const trade = tradeOf(signal);
  if (!trade) return null;
  const venue = signal.context ? venueText(signal.context) : VENUE_FALLBACK[trade.venue];
  const view = inputs.parsed ? sizerView(trade, signal.symbol, inputs.parsed.account, inputs.parsed.risk, venue) : null;
  return (
    <section
      data-testid="position-sizer"
      aria-label="Position size"
      className={cn("rounded-lg border border-line bg-bg/40", dense ? "mt-2.5 p-2.5" : "mt-4 p-3")}
    >
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 className="flex items-center gap-1.5 text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">
          <Calculator className="size-3.5" aria-hidden /> Position size
        </h3>
        <p className="truncate text-[11px] text-faint">{venue}</p>
      </div>
      <SizerFields inputs={inputs} />
      {view ? (
        <SizerFigures view={view} />
      ) : (
        <p data-testid="sizer-empty" className="text-xs text-muted">
          {inputs.loading ? "Loading your sizing preferences…" : "Enter your account size to see the quantity, loss at stop and gain at target."}
        </p>
      )}
      <SignalExports signal={signal} trade={trade} sizing={view?.sizing ?? null} dense={dense} />
    </section>
  );
}
