// The signals' average result with its 95% interval beside the naive baselines on the same entries.
import { cn } from "@web/components/ui/cn";
import { formatRatioPercent, formatSignedR } from "@web/lib/format";
import type { BacktestDetail } from "@web/entities/track-record/api/decode-track-record";
import { ciR } from "../model/backtest-text";

const tone = (r: number | null) => (r === null ? "" : r > 0 ? "text-accent-strong" : r < 0 ? "text-rose-300" : "");

export function BaselineComparison({ data }: { data: BacktestDetail }) {
  const rows = [
    { key: "model", name: "Tradewind signals", winRate: data.winRate as number | null, expectancyR: data.expectancyR, ci: ciR(data.expectancyCi) },
    ...data.baselines.map((b) => ({ ...b, ci: null as string | null })),
  ];
  return (
    <div className="px-5 pt-5 pb-3" data-testid="baseline-comparison">
      <table className="w-full text-sm">
        <caption className="pb-2 text-left text-xs font-semibold uppercase tracking-wide text-muted">
          Average result per signal, compared with
        </caption>
        <thead>
          <tr className="text-left text-[11px] uppercase tracking-wide text-faint">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Strategy
            </th>
            <th scope="col" className="whitespace-nowrap py-1.5 pr-3 text-right font-medium">
              TP first
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Avg R after costs
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={cn("border-t border-line/60", r.key === "model" && "font-semibold")}>
              <th scope="row" className={cn("py-2 pr-3 text-left font-normal", r.key === "model" ? "text-ink" : "text-muted")}>
                {r.name}
              </th>
              <td className="num py-2 pr-3 text-right">{formatRatioPercent(r.winRate)}</td>
              <td className="num py-2 text-right">
                <span className={tone(r.expectancyR)}>{formatSignedR(r.expectancyR)}</span>
                {r.ci ? <span className="block whitespace-nowrap text-[11px] font-normal text-muted">{r.ci}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
