// The backtest behind the headline figure: period, sample, no-trade rate, results after fees and the naive baselines.
import { Card } from "@web/components/ui/Card";
import { formatCount, formatDateUtc, formatRatioPercent } from "@web/lib/format";
import { useBacktestDetail } from "../api/track-record";

const r = (v: number | null, digits = 2) => (v === null ? "—" : `${v >= 0 ? "+" : ""}${v.toFixed(digits)}R`);

export function BacktestTable() {
  const { data } = useBacktestDetail();
  if (!data) return null;
  const rows: [string, string][] = [
    ["Period (out of sample)", data.from && data.to ? `${formatDateUtc(data.from)} – ${formatDateUtc(data.to)}` : "—"],
    ["Pairs × analyses", `${data.pairs ?? "—"} pairs, ${data.evaluations !== null ? formatCount(data.evaluations) : "—"} analyses`],
    ["Ended in No Trade", formatRatioPercent(data.noTradeRate)],
    ["LONG/SHORT signals", formatCount(data.signals)],
    ["Reached take profit first", formatRatioPercent(data.winRate)],
    ["Average result per signal", r(data.expectancyR)],
    ["Profit factor", data.profitFactor === null ? "—" : data.profitFactor.toFixed(2)],
    ["Worst drawdown", data.maxDrawdownR === null ? "—" : `${data.maxDrawdownR.toFixed(1)}R`],
  ];
  return (
    <Card className="mt-6 overflow-hidden" data-testid="backtest-table">
      <div className="border-b border-line px-5 py-4">
        <h2 className="text-base font-semibold">How the figure was measured</h2>
        <p className="mt-1 text-xs text-muted">
          The model replayed on recorded candles it was neither fitted nor calibrated on{data.fees ? `; fees ${data.fees}` : ""}. R is the
          distance to the stop loss.
        </p>
      </div>
      <dl className="grid gap-x-8 px-5 py-4 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 border-b border-line/60 py-2">
            <dt className="text-muted">{label}</dt>
            <dd className="num font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {data.baselines.length ? (
        <div className="px-5 pb-5">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">Compared with</h3>
          <ul className="mt-2 grid gap-1 text-sm">
            {data.baselines.map((b) => (
              <li key={b.name} className="flex justify-between gap-4">
                <span className="text-muted">{b.name}</span>
                <span className="num">
                  {formatRatioPercent(b.winRate)} · {r(b.expectancyR)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
