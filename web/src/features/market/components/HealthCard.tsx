// Market health: status and the 0..1 composite score as a bar and two decimals; DEAD is red.
import { Activity } from "lucide-react";
import { cn } from "@web/components/ui/cn";
import { useMarketHealth } from "../api/health";
import { Tile, Unavailable } from "./panel-bits";

const statusTone = (s: string) =>
  s.toUpperCase() === "DEAD" ? "text-rose-400" : s.toUpperCase() === "WEAK" ? "text-amber-300" : "text-accent-strong";
const barTone = (s: string) => (s.toUpperCase() === "DEAD" ? "bg-negative" : s.toUpperCase() === "WEAK" ? "bg-warn" : "bg-accent");

export function HealthCard() {
  const { data, isPending } = useMarketHealth();
  const status = data?.status ?? null;
  const score = data?.score ?? null;
  return (
    <Tile title="Market Health" testId="market-health" right={<Activity className="size-3.5 text-faint" aria-hidden />}>
      {status === null && score === null ? (
        <Unavailable loading={isPending} />
      ) : (
        <>
          <div className="flex items-baseline justify-between">
            <span data-testid="health-status" className={cn("text-lg font-semibold tracking-tight", status ? statusTone(status) : "text-muted")}>
              {status ?? "—"}
            </span>
            <span className="num font-mono text-2xl font-semibold">{score === null ? "—" : score.toFixed(2)}</span>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a styled bar; <meter> renders differently in every browser */}
          <div
            role="meter"
            aria-label="Composite score"
            aria-valuemin={0}
            aria-valuemax={1}
            aria-valuenow={score ?? undefined}
            className="mt-3 h-1.5 overflow-hidden rounded-full bg-white/5"
          >
            <div
              className={cn("h-full rounded-full", status ? barTone(status) : "bg-accent")}
              style={{ width: `${Math.min(1, Math.max(0, score ?? 0)) * 100}%` }}
            />
          </div>
          <p className="mt-2 text-[11px] text-faint">Composite score 0–1 · trend, volatility, breadth, volume</p>
        </>
      )}
    </Tile>
  );
}
