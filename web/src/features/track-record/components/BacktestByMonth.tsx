// Month by month out of fold: signals issued and their average R beside always-long and random direction on the same entries.
import { formatCount, formatSignedR } from "@web/lib/format";
import type { BacktestDetail } from "@web/entities/track-record/api/decode-track-record";
import { monthLabel } from "../model/backtest-text";
import { PeriodTable, toneR } from "./PeriodTable";

export function BacktestByMonth({ data }: { data: BacktestDetail }) {
  if (data.byMonth.length === 0) return null;
  return (
    <PeriodTable
      testId="backtest-by-month"
      title="By month"
      note="Signals' average R after costs; always LONG and random direction trade the same entries."
      first="Month"
      head={["Signals", "Avg R", "Always LONG", "Random"]}
      rows={data.byMonth.map((m) => ({
        key: m.month,
        label: monthLabel(m.month),
        cells: [
          { value: m.signals === null ? "—" : formatCount(m.signals) },
          { value: formatSignedR(m.expectancyR), className: `font-semibold ${toneR(m.expectancyR)}` },
          { value: formatSignedR(m.alwaysLongR), className: "text-muted" },
          { value: formatSignedR(m.randomR), className: "text-muted" },
        ],
      }))}
    />
  );
}
