// Month by month out of fold: signals issued and their average R beside always-long and random direction on the same entries.
import { Card } from "@web/components/ui/Card";
import { cn } from "@web/components/ui/cn";
import { formatCount, formatSignedR } from "@web/lib/format";
import type { BacktestDetail } from "../api/track-record";
import { monthLabel } from "../model/backtest-text";

const tone = (r: number | null) => (r === null ? "text-muted" : r > 0 ? "text-accent-strong" : r < 0 ? "text-rose-300" : "text-ink");
const HEAD = ["Signals", "Avg R", "Always LONG", "Random"];
const cell = "num px-2 py-1.5 text-right sm:px-3";

export function BacktestByMonth({ data }: { data: BacktestDetail }) {
  if (data.byMonth.length === 0) return null;
  return (
    <Card className="overflow-hidden" data-testid="backtest-by-month">
      <div className="border-b border-line px-5 py-3.5">
        <h2 className="text-sm font-semibold">By month</h2>
        <p className="mt-0.5 text-xs text-muted">Signals' average R after costs; always LONG and random direction trade the same entries.</p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-[13px]">
          <thead>
            <tr className="text-[11px] uppercase tracking-wide text-faint">
              <th scope="col" className="py-2 pr-2 pl-4 text-left font-medium sm:pl-5">
                Month
              </th>
              {HEAD.map((h) => (
                <th key={h} scope="col" className="px-2 py-2 text-right font-medium last:pr-4 sm:px-3 sm:last:pr-5">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.byMonth.map((m) => (
              <tr key={m.month} className="border-t border-line/60">
                <th scope="row" className="whitespace-nowrap py-1.5 pr-2 pl-4 text-left font-normal text-muted sm:pl-5">
                  {monthLabel(m.month)}
                </th>
                <td className={cell}>{m.signals === null ? "—" : formatCount(m.signals)}</td>
                <td className={cn(cell, "font-semibold", tone(m.expectancyR))}>{formatSignedR(m.expectancyR)}</td>
                <td className={cn(cell, "text-muted")}>{formatSignedR(m.alwaysLongR)}</td>
                <td className={cn(cell, "pr-4 text-muted sm:pr-5")}>{formatSignedR(m.randomR)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
