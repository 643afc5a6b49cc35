// Reliability diagram (recharts): predicted against observed P(take profit first) per bin, with the diagonal of perfect calibration.
import { CartesianGrid, ReferenceLine, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { Card } from "@web/components/ui/Card";
import { formatCount, formatRatioPercent } from "@web/lib/format";
import type { BacktestDetail } from "@web/entities/track-record/api/decode-track-record";
import { dotRadius, reliabilityMax, reliabilityTicks } from "../model/backtest-text";

const AXIS = { stroke: "#2a3444", tick: { fill: "#8b97a8", fontSize: 11 } };
const pct = (v: number) => formatRatioPercent(v, 0);

type Bin = BacktestDetail["reliability"][number];

/** One bin's dot at its precomputed radius (recharts' ZAxis would scale from the smallest bin, not from zero). */
function BinDot(props: { cx?: number; cy?: number; payload?: { r: number } }) {
  if (props.cx === undefined || props.cy === undefined) return <g />;
  return <circle cx={props.cx} cy={props.cy} r={props.payload?.r ?? 3} fill="#34d399" fillOpacity={0.85} />;
}

function BinTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: Bin }[] }) {
  const b = active ? payload?.[0]?.payload : undefined;
  if (!b) return null;
  return (
    <div className="num rounded-lg border border-line-strong bg-surface-2 px-2.5 py-1.5 text-[11px]">
      <p>Predicted {formatRatioPercent(b.predicted)}</p>
      <p>Observed {formatRatioPercent(b.observed)}</p>
      {b.n !== null ? <p className="text-muted">n = {formatCount(b.n)}</p> : null}
    </div>
  );
}

export function ReliabilityChart({ data }: { data: BacktestDetail }) {
  const bins = data.reliability;
  if (bins.length === 0) return null;
  const max = reliabilityMax(bins);
  const ticks = reliabilityTicks(max);
  const largestN = Math.max(0, ...bins.map((b) => b.n ?? 0));
  const dots = bins.map((b) => ({ ...b, r: dotRadius(b.n, largestN) }));
  const summary = bins.map((b) => `predicted ${formatRatioPercent(b.predicted)}, observed ${formatRatioPercent(b.observed)}`).join("; ");
  return (
    <Card className="overflow-hidden" data-testid="reliability-chart">
      <div className="border-b border-line px-5 py-3.5">
        <h2 className="text-sm font-semibold">Are the probabilities honest?</h2>
        <p className="mt-0.5 text-xs text-muted">
          Predicted against observed P(take profit first), out of fold. On the dashed diagonal they match; dot size is the number of analyses.
        </p>
      </div>
      <div className="h-72 px-2 pt-3 pb-1" role="img" aria-label={`Reliability diagram: ${summary}`}>
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 22, left: 4 }}>
            <CartesianGrid stroke="#1e2633" />
            <XAxis
              type="number"
              dataKey="predicted"
              domain={[0, max]}
              ticks={ticks}
              tickFormatter={pct}
              {...AXIS}
              label={{ value: "Predicted", position: "insideBottom", offset: -14, fill: "#8b97a8", fontSize: 11 }}
            />
            <YAxis
              type="number"
              dataKey="observed"
              domain={[0, max]}
              ticks={ticks}
              tickFormatter={pct}
              width={58}
              {...AXIS}
              // Left of the tick labels, not over them (on a phone the chart is narrow).
              label={{ value: "Observed", angle: -90, position: "insideLeft", offset: 0, dx: 8, fill: "#8b97a8", fontSize: 11 }}
            />
            <ReferenceLine
              segment={[
                { x: 0, y: 0 },
                { x: max, y: max },
              ]}
              stroke="#7a8698"
              strokeDasharray="4 4"
            />
            <Tooltip cursor={false} content={BinTooltip} />
            <Scatter data={dots} fill="#34d399" shape={BinDot} line={{ stroke: "#10b981", strokeWidth: 1.5 }} isAnimationActive={false} />
          </ScatterChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}
