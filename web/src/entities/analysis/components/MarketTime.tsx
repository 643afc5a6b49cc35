// "Market time": the replayed moment a signal or analysis read (its reasoning names it), shown beside the time it ran.
import { cn } from "@web/components/ui/cn";
import { marketTimeLabel } from "../model/market-time";

export function MarketTime(props: { marketTimeMs: number | null | undefined; createdAt: string | null; className?: string }) {
  const label = marketTimeLabel(props.marketTimeMs, props.createdAt);
  if (!label) return null;
  return (
    <span
      data-testid="market-time"
      title="Replay: the recorded market moment this read, which its reasoning names; the other time is when it ran"
      className={cn("num block text-[11px] text-faint", props.className)}
    >
      {label}
    </span>
  );
}
