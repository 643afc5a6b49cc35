// Year by year out of fold: signals issued and their average R (with its interval) beside every baseline on the same entries.
import { Card } from "@web/components/ui/Card";
import { cn } from "@web/components/ui/cn";
import { formatCount, formatSignedR } from "@web/lib/format";
import type { BacktestDetail } from "../api/track-record";
import { ciR } from "../model/backtest-text";

const tone = (r: number | null) => (r === null ? "text-muted" : r > 0 ? "text-accent-strong" : r < 0 ? "text-rose-300" : "text-ink");
const HEAD = ["Signals", "Avg R", "Always LONG", "Random", "7-day trend"];
const cell = "num px-2 py-1.5 text-right sm:px-3";

export function BacktestByYear({ data }: { data: BacktestDetail }) {
  if (data.byYear.length === 0) return null;
  return (
    <Card className="overflow-hidden" data-testid="backtest-by-year">
      <div className="border-b border-line px-5 py-3.5">
        <h2 className="text-sm font-semibold">By year</h2>
        <p className="mt-0.5 text-xs text-muted">Signals' average R after costs; the baselines trade the same entries.</p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-[13px]">
          <thead>
            <tr className="text-[11px] uppercase tracking-wide text-faint">
              <th scope="col" className="py-2 pr-2 pl-4 text-left font-medium sm:pl-5">
                Year
              </th>
              {HEAD.map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-2 py-2 text-right font-medium last:pr-4 sm:px-3 sm:last:pr-5">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.byYear.map((y) => (
              <tr key={y.year} className="border-t border-line/60">
                <th scope="row" className="py-1.5 pr-2 pl-4 text-left font-normal text-muted sm:pl-5">
                  {y.year}
                </th>
                <td className={cell}>{y.signals === null ? "—" : formatCount(y.signals)}</td>
                <td className={cn(cell, "font-semibold", tone(y.expectancyR))}>
                  {formatSignedR(y.expectancyR)}
                  {y.ci ? <span className="block whitespace-nowrap text-[10px] font-normal text-muted">{ciR(y.ci)}</span> : null}
                </td>
                <td className={cn(cell, "text-muted")}>{formatSignedR(y.alwaysLongR)}</td>
                <td className={cn(cell, "text-muted")}>{formatSignedR(y.randomR)}</td>
                <td className={cn(cell, "pr-4 text-muted sm:pr-5")}>{formatSignedR(y.trendR)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
