// Year by year out of fold: signals issued and their average R (with its interval) beside every baseline on the same entries.
import { formatCount, formatSignedR } from "@web/lib/format";
import type { BacktestDetail } from "@web/entities/track-record/api/decode-track-record";
import { ciR, yearGapNote } from "../model/backtest-text";
import { PeriodTable, toneR } from "./PeriodTable";

export function BacktestByYear({ data }: { data: BacktestDetail }) {
  if (data.byYear.length === 0) return null;
  const gap = yearGapNote(data.byMonth);
  return (
    <PeriodTable
      testId="backtest-by-year"
      title="By year"
      note={`Signals' average R after costs; the baselines trade the same entries.${gap ? ` ${gap}` : ""}`}
      first="Year"
      head={["Signals", "Avg R", "Always LONG", "Random", "7-day trend"]}
      rows={data.byYear.map((y) => ({
        key: String(y.year),
        label: y.year,
        cells: [
          { value: y.signals === null ? "—" : formatCount(y.signals) },
          {
            value: (
              <>
                {formatSignedR(y.expectancyR)}
                {y.ci ? <span className="block whitespace-nowrap text-[10px] font-normal text-muted">{ciR(y.ci)}</span> : null}
              </>
            ),
            className: `font-semibold ${toneR(y.expectancyR)}`,
          },
          { value: formatSignedR(y.alwaysLongR), className: "text-muted" },
          { value: formatSignedR(y.randomR), className: "text-muted" },
          { value: formatSignedR(y.trendR), className: "text-muted" },
        ],
      }))}
    />
  );
}
