// The signal chart's legend in HTML (the canvas is invisible to screen readers): each line with its price, the issue
// time and, once resolved, the exit with its R.
import { cn } from "@web/components/ui/cn";
import { formatPrice, formatUtcMinute } from "@web/lib/format";
import { CHART_COLORS, type ChartLevel, type ExitView } from "../model/chart-window";

const TONE = { pos: "text-accent-strong", neg: "text-rose-300", muted: "text-ink" } as const;

function Swatch({ color, dashed, thick }: { color: string; dashed?: boolean; thick?: boolean }) {
  return (
    <svg aria-hidden width="16" height="6" className="shrink-0">
      <line x1="0" y1="3" x2="16" y2="3" stroke={color} strokeWidth={thick ? 3 : 2} strokeDasharray={dashed ? "4 3" : undefined} />
    </svg>
  );
}

export function ChartLegend(props: { levels: ChartLevel[]; issueMs: number; exit: ExitView | null; dense?: boolean }) {
  const { levels, issueMs, exit, dense } = props;
  return (
    <div className={cn("mt-2 text-xs", dense && "text-[11px]")}>
      <ul aria-label="Chart legend" data-testid="chart-legend" className="grid grid-cols-2 gap-x-3 gap-y-1">
        {levels.map((lv) => (
          <li key={lv.key} data-testid={`legend-${lv.key}`} className="flex min-w-0 items-center gap-1.5">
            <Swatch color={lv.color} dashed={lv.dashed} thick={lv.key === "entry"} />
            <span className="text-muted">{lv.label}</span>
            <span className="num ml-auto font-mono font-semibold text-ink">{formatPrice(lv.price)}</span>
          </li>
        ))}
      </ul>
      <p className="num mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-muted">
        <span className="flex items-center gap-1.5">
          <Swatch color={CHART_COLORS.path} thick />
          {exit ? "Path issue → exit" : "Path since issue"}
        </span>
        <span>Issued {formatUtcMinute(new Date(issueMs).toISOString())}</span>
        {exit ? (
          <span data-testid="legend-exit">
            Exit <span className={cn("font-semibold", TONE[exit.tone])}>{exit.label}</span> · {formatUtcMinute(new Date(exit.atMs).toISOString())}
          </span>
        ) : null}
        <a
          href="https://www.tradingview.com/"
          target="_blank"
          rel="noopener noreferrer"
          className="ml-auto text-faint underline-offset-2 hover:text-muted hover:underline"
        >
          Chart by TradingView
        </a>
      </p>
    </div>
  );
}
