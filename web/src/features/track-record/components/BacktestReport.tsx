// About's measurement section: the verdict first, then the figures with baselines, month by month, and the reliability diagram.
import { useBacktestDetail } from "@web/entities/track-record/api/track-record";
import { BacktestByMonth } from "./BacktestByMonth";
import { BacktestByQuarter, BacktestExcess } from "./BacktestByQuarter";
import { BacktestByYear } from "./BacktestByYear";
import { BacktestTable } from "./BacktestTable";
import { BacktestVerdict } from "./BacktestVerdict";
import { ReliabilityChart } from "./ReliabilityChart";

export function BacktestReport() {
  const { data } = useBacktestDetail();
  if (!data) return null;
  const charts = data.byMonth.length > 0 || data.byYear.length > 0 || data.reliability.length > 0;
  return (
    <div data-testid="backtest-report">
      <BacktestVerdict data={data} />
      <BacktestTable data={data} />
      {data.excess.length > 0 || data.byQuarter.length > 0 ? (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
          <BacktestExcess data={data} />
          <BacktestByQuarter data={data} />
        </div>
      ) : null}
      {charts ? (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
          {/* Several years of months make a long table: a report with years shows those instead. */}
          {data.byYear.length > 0 ? <BacktestByYear data={data} /> : <BacktestByMonth data={data} />}
          <ReliabilityChart data={data} />
        </div>
      ) : null}
    </div>
  );
}
