// Tiny 7-day area sparkline (recharts) for a stat card; no axes, the tooltip names the UTC day.
import { Area, AreaChart, ResponsiveContainer, Tooltip } from "recharts";
import type { DayPoint } from "../model/stats";

export function Sparkline({ data, color, id }: { data: DayPoint[]; color: string; id: string }) {
  return (
    <div className="h-10 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        {/* Decorative beside the card's own numbers: hidden from assistive tech, so not keyboard-focusable either. */}
        <AreaChart accessibilityLayer={false} data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id={`spark-${id}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={color} stopOpacity={0.35} />
              <stop offset="100%" stopColor={color} stopOpacity={0} />
            </linearGradient>
          </defs>
          <Tooltip
            cursor={false}
            contentStyle={{ background: "#121824", border: "1px solid #2a3444", borderRadius: 8, fontSize: 11, padding: "4px 8px" }}
            labelFormatter={(_, payload) => String(payload?.[0]?.payload?.date ?? "")}
            formatter={(v) => [String(v), ""]}
            separator=""
          />
          <Area type="monotone" dataKey="value" stroke={color} strokeWidth={1.5} fill={`url(#spark-${id})`} isAnimationActive={false} dot={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
