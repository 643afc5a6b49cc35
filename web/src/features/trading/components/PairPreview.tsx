// Start Trading's look at the chosen pair before paying (issue 24 #13): its 7-day chart with the trader's signals on it,
// or a hint while the input names no pair with recorded data.
import { LineChart } from "lucide-react";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { PairChart } from "@web/entities/signal/components/PairChart";
import type { Pairs } from "../api/decode-pairs";
import { normalizeSymbolInput } from "../model/symbol-search";

export const PAIR_HINT = "Pick a pair to see its last 7 days before you spend a credit.";

export function PairPreview({ input, pairs, signals }: { input: string; pairs: Pairs; signals: readonly Signal[] }) {
  const symbol = normalizeSymbolInput(input);
  const charted = pairs.symbols.includes(symbol) && !pairs.unavailable.has(symbol);
  if (charted) return <PairChart symbol={symbol} signals={signals} />;
  return (
    <div data-testid="pair-chart-hint" className="flex items-center gap-3 rounded-xl border border-dashed border-line-strong bg-surface/60 px-4 py-5">
      <LineChart className="size-5 shrink-0 text-muted" aria-hidden />
      <p className="text-sm text-muted">{PAIR_HINT}</p>
    </div>
  );
}
