// One table of out-of-fold results by period (month or year): a labelled first column and right-aligned figures.
import type { ReactNode } from "react";
import { Card } from "@web/components/ui/Card";
import { cn } from "@web/components/ui/cn";

export type PeriodRow = { key: string; label: ReactNode; cells: { value: ReactNode; className?: string }[] };

const cell = "num px-2 py-1.5 text-right sm:px-3";

export function PeriodTable(p: { testId: string; title: string; note: string; first: string; head: string[]; rows: PeriodRow[] }) {
  return (
    <Card className="overflow-hidden" data-testid={p.testId}>
      <div className="border-b border-line px-5 py-3.5">
        <h2 className="text-sm font-semibold">{p.title}</h2>
        <p className="mt-0.5 text-xs text-muted">{p.note}</p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-[13px]">
          <thead>
            <tr className="text-[11px] uppercase tracking-wide text-faint">
              <th scope="col" className="py-2 pr-2 pl-4 text-left font-medium sm:pl-5">
                {p.first}
              </th>
              {p.head.map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-2 py-2 text-right font-medium last:pr-4 sm:px-3 sm:last:pr-5">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={r.key} className="border-t border-line/60">
                <th scope="row" className="whitespace-nowrap py-1.5 pr-2 pl-4 text-left font-normal text-muted sm:pl-5">
                  {r.label}
                </th>
                {p.head.map((h, i) => (
                  <td key={h} className={cn(cell, "last:pr-4 sm:last:pr-5", r.cells[i]?.className)}>
                    {r.cells[i]?.value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Green for a gain, rose for a loss, muted when there is no figure. */
export const toneR = (r: number | null) => (r === null ? "text-muted" : r > 0 ? "text-accent-strong" : r < 0 ? "text-rose-300" : "text-ink");
