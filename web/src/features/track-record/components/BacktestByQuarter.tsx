// Quarter by quarter out of fold, and the excess over market direction: what the signals earned beyond always-long, the 7-day trend side and their own side's average that hour.
import { formatCount, formatSignedR } from "@web/lib/format";
import type { BacktestDetail } from "@web/entities/track-record/api/decode-track-record";
import { ciR } from "../model/backtest-text";
import { PeriodTable, toneR } from "./PeriodTable";

export function BacktestExcess({ data }: { data: BacktestDetail }) {
  if (data.excess.length === 0) return null;
  return (
    <PeriodTable
      testId="backtest-excess"
      title="Beyond market direction"
      note={`Average R per signal above what each baseline earned on the same entries; 95% intervals from ${data.ciBlockDays ?? 7}-day blocks (outcomes overlap for days).`}
      first="Beyond"
      head={["Excess R"]}
      rows={data.excess.map((x) => ({
        key: x.key,
        label: x.name,
        cells: [
          {
            value: (
              <>
                {formatSignedR(x.mean)}
                {x.ci ? <span className="block whitespace-nowrap text-[10px] font-normal text-muted">{ciR(x.ci)}</span> : null}
              </>
            ),
            className: `font-semibold ${toneR(x.mean)}`,
          },
        ],
      }))}
    />
  );
}

export function BacktestByQuarter({ data }: { data: BacktestDetail }) {
  if (data.byQuarter.length === 0) return null;
  return (
    <PeriodTable
      testId="backtest-by-quarter"
      title="By quarter"
      note="Quarters with signals; the baselines trade the same entries. Side skill: a signal's R less its side's average over every pair that hour."
      first="Quarter"
      head={["Signals", "Avg R", "Always LONG", "7-day trend", "Side skill"]}
      rows={data.byQuarter.map((q) => ({
        key: q.quarter,
        label: q.quarter,
        cells: [
          { value: formatCount(q.signals) },
          { value: formatSignedR(q.expectancyR), className: `font-semibold ${toneR(q.expectancyR)}` },
          { value: formatSignedR(q.alwaysLongR), className: "text-muted" },
          { value: formatSignedR(q.trendR), className: "text-muted" },
          { value: q.sideSkillR === null ? "—" : formatSignedR(q.sideSkillR), className: "text-muted" },
        ],
      }))}
    />
  );
}
