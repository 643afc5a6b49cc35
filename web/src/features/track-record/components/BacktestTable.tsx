// The backtest behind the headline figure: period, sample, signal rate, results beside the baselines, calibration and skill scores.
import { Card } from "@web/components/ui/Card";
import { formatCount, formatDateUtc, formatRatioPercent, formatSignedR } from "@web/lib/format";
import type { BacktestDetail } from "@web/entities/track-record/api/decode-track-record";
import { ciR, drawdownView, eceText, signedScore } from "../model/backtest-text";
import { BaselineComparison } from "./BaselineComparison";

/** A figure: its value, an optional second line (its interval) and a plain-words hint under the label. */
type Row = { label: string; value: string; sub?: string | null; hint?: string };

const present = (r: Row | null): r is Row => r !== null;

function sampleRows(d: BacktestDetail): Row[] {
  const ci = d.signalRateCi;
  const rows: (Row | null)[] = [
    {
      label: d.outOfFold ? "Period (out of fold)" : "Period (out of sample)",
      value: d.from && d.to ? `${formatDateUtc(d.from)} – ${formatDateUtc(d.to)}` : "—",
    },
    { label: "Pairs × analyses", value: `${d.pairs ?? "—"} pairs, ${d.evaluations !== null ? formatCount(d.evaluations) : "—"} analyses` },
    { label: "LONG/SHORT signals", value: formatCount(d.signals), hint: "the sample every result below is measured on" },
    d.signalRate !== null
      ? {
          label: "Signal rate",
          value: formatRatioPercent(d.signalRate, 2),
          sub: ci ? `95% CI ${formatRatioPercent(ci[0], 2)}–${formatRatioPercent(ci[1], 2)}` : null,
          hint: "share of analyses that issued a setup",
        }
      : null,
    { label: "Ended in No Trade", value: formatRatioPercent(d.noTradeRate) },
    d.signalDaysShare !== null ? { label: "Days with a signal", value: formatRatioPercent(d.signalDaysShare, 0) } : null,
    d.longShare !== null ? { label: "LONG share of signals", value: formatRatioPercent(d.longShare, 0) } : null,
  ];
  return rows.filter(present);
}

function resultRows(d: BacktestDetail): Row[] {
  const ece = eceText(d);
  const dd = drawdownView(d);
  const rows: (Row | null)[] = [
    { label: "Profit factor", value: d.profitFactor === null ? "—" : d.profitFactor.toFixed(2), hint: "gross wins ÷ gross losses; below 1 loses" },
    // A sum in R over thousands of overlapping signals says nothing to a trader: a share of the account at a stated size.
    { label: "Worst drawdown", value: dd?.value ?? "—", sub: dd?.sub ?? null, hint: dd?.hint },
    ece !== null
      ? { label: "Calibration error (ECE), all / issued", value: ece, hint: "gap between predicted and observed P(TP first); 0 is perfect" }
      : null,
    d.brierSkill !== null
      ? { label: "Brier skill", value: signedScore(d.brierSkill), hint: "above 0 beats the no-skill reference for the same stop and target" }
      : null,
    d.directionalSkillR !== null
      ? {
          label: "Directional skill",
          value: formatSignedR(d.directionalSkillR),
          sub: ciR(d.directionalSkillCi),
          hint: "R gained over taking the opposite side of the same trades",
        }
      : null,
  ];
  return rows.filter(present);
}

function Figures({ rows, testId }: { rows: Row[]; testId: string }) {
  return (
    <dl className="grid gap-x-8 px-5 text-sm sm:grid-cols-2" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} className="flex items-baseline justify-between gap-4 border-b border-line/60 py-2">
          <dt className="text-muted">
            {row.label}
            {row.hint ? <span className="block text-[11px] text-faint">{row.hint}</span> : null}
          </dt>
          <dd className="num shrink-0 text-right font-medium">
            {row.value}
            {row.sub ? <span className="block text-[11px] font-normal text-muted">{row.sub}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function BacktestTable({ data }: { data: BacktestDetail }) {
  return (
    <Card className="mt-6 overflow-hidden" data-testid="backtest-table">
      <div className="border-b border-line px-5 py-4">
        <h2 className="text-base font-semibold">How the figures were measured</h2>
        <p className="mt-1 text-xs leading-relaxed text-muted">
          {data.outOfFold
            ? "Each period was scored by a model fitted and calibrated only on earlier data, with a gap so no trade overlaps its training data"
            : "The model replayed on recorded candles it was neither fitted nor calibrated on"}
          {data.fees ? `; fees ${data.fees}` : ""}. R is the distance to the stop loss.
        </p>
      </div>
      <div className="pt-2">
        <Figures rows={sampleRows(data)} testId="backtest-sample" />
      </div>
      <BaselineComparison data={data} />
      <div className="pb-4">
        <Figures rows={resultRows(data)} testId="backtest-scores" />
      </div>
    </Card>
  );
}
