// The results view's two tables: totals by month (with all months below) and every signal with its stored outcome; the
// result columns come first, so a phone shows them before the table scrolls sideways.
import type { MonthTotals, ResultRow, ResultTotals } from "@core/contract/results";
import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/Badge";
import { cn } from "@web/components/ui/cn";
import { monthView, overallLabel, resultRowView, totalsView, type TotalsView } from "../model/results";

const TONE = { pos: "text-accent-strong", neg: "text-rose-300", muted: "text-ink" } as const;
const TH = "whitespace-nowrap px-3 py-2 text-left text-[11px] font-semibold uppercase tracking-[0.06em] text-faint";
const TD = "whitespace-nowrap px-3 py-2";

/** A table with its column heads that scrolls sideways inside its card on a narrow screen, never the page. */
function ScrollTable({ label, testId, head, children }: { label: string; testId: string; head: string[]; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table data-testid={testId} className="num w-full font-mono text-xs">
        <thead className="border-b border-line">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={TH}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </section>
  );
}

/** One totals row's cells, its label as the row header. */
function TotalsCells({ v }: { v: TotalsView }) {
  return (
    <>
      <th scope="row" className={cn(TD, "text-left font-sans font-semibold")}>
        {v.label}
      </th>
      <td className={cn(TD, "font-semibold", TONE[v.totalTone])}>{v.totalR}</td>
      <td className={TD}>{v.winRate}</td>
      <td className={TD}>{v.meanR}</td>
      <td className={TD}>{v.best}</td>
      <td className={TD}>{v.worst}</td>
      <td className={TD}>{v.count}</td>
    </>
  );
}

export function MonthTable({ months, overall }: { months: MonthTotals[]; overall: ResultTotals }) {
  const all = totalsView(overall, overallLabel(months));
  return (
    <ScrollTable label="Totals by month" testId="month-table" head={["Month", "Total R", "Win rate", "Mean R", "Best", "Worst", "Signals"]}>
      <tbody>
        {months.map((m) => {
          const v = monthView(m);
          return (
            <tr key={m.month} data-testid="month-row" className="border-b border-line/60 last:border-b-0">
              <TotalsCells v={v} />
            </tr>
          );
        })}
      </tbody>
      <tfoot className="border-t border-line-strong bg-white/[0.02]">
        <tr data-testid="month-total">
          <TotalsCells v={all} />
        </tr>
      </tfoot>
    </ScrollTable>
  );
}

export function SignalResultTable({ rows }: { rows: ResultRow[] }) {
  return (
    <ScrollTable
      label="Signals and outcomes"
      testId="result-table"
      head={["Pair", "Side", "Outcome", "R", "Time to outcome", "Entry", "SL", "TP", "Issued (UTC)"]}
    >
      <tbody>
        {rows.map((r) => {
          const v = resultRowView(r);
          return (
            <tr key={v.id} data-testid="result-row" className="border-b border-line/60 last:border-b-0">
              <th scope="row" className={cn(TD, "text-left font-semibold")}>
                {v.symbol}
              </th>
              <td className={TD}>
                <Badge tone={v.type === "LONG" ? "accent" : "negative"}>{v.type}</Badge>
              </td>
              <td className={cn(TD, "font-sans")}>{v.outcome}</td>
              <td className={cn(TD, "font-semibold", TONE[v.tone])}>{v.r}</td>
              <td className={TD}>{v.timeToOutcome}</td>
              <td className={TD}>{v.entry}</td>
              <td className={cn(TD, "text-rose-300")}>{v.stopLoss}</td>
              <td className={cn(TD, "text-accent-strong")}>{v.takeProfit}</td>
              <td className={cn(TD, "text-muted")}>{v.issued.replace(" UTC", "")}</td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
