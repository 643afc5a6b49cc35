// SVG line chart of cumulative R over time for the model and its baselines (no dependencies, deterministic output).
import type { Trade } from "./index";

export type Series = { name: string; color: string; trades: Trade[] };

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function cumulativeRSvg(series: Series[], title: string, width = 900, height = 420): string {
  const pad = { l: 60, r: 20, t: 40, b: 30 + 16 * series.length };
  const paths = series.map((s) => {
    let cum = 0;
    return { ...s, points: s.trades.map((tr) => ({ t: tr.t, y: (cum += tr.r) })) };
  });
  const all = paths.flatMap((p) => p.points);
  const t0 = all.length ? Math.min(...all.map((p) => p.t)) : 0;
  const t1 = Math.max(...all.map((p) => p.t), t0 + 1);
  const yMin = Math.min(0, ...all.map((p) => p.y));
  const yMax = Math.max(0, ...all.map((p) => p.y));
  const span = yMax - yMin || 1;
  const x = (t: number) => pad.l + ((t - t0) / (t1 - t0 || 1)) * (width - pad.l - pad.r);
  const y = (v: number) => pad.t + ((yMax - v) / span) * (height - pad.t - pad.b);
  // Drawn last-first so the first series (the model) stays on top when a baseline coincides with it.
  const lines = paths
    .map((p, i) => {
      const pts = [{ t: t0, y: 0 }, ...p.points].map((q) => `${x(q.t).toFixed(1)},${y(q.y).toFixed(1)}`).join(" ");
      return `<polyline fill="none" stroke="${p.color}" stroke-width="${i === 0 ? 3 : 1.5}" stroke-opacity="0.85" points="${pts}"/>`;
    })
    .reverse();

  const legend = paths.map(
    (p, i) =>
      `<text x="${pad.l + 10}" y="${height - pad.b + 34 + i * 16}" fill="${p.color}" font-size="12">${esc(p.name)}: ${p.points.length} trades, ${(p.points[p.points.length - 1]?.y ?? 0).toFixed(1)}R</text>`,
  );
  const ticks = [yMin, (yMin + yMax) / 2, yMax].map(
    (v) => `<text x="${pad.l - 6}" y="${y(v).toFixed(1)}" font-size="11" text-anchor="end" fill="#444">${v.toFixed(0)}R</text>`,
  );
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${pad.l}" y="24" font-size="15" fill="#111">${esc(title)}</text>`,
    `<line x1="${pad.l}" x2="${width - pad.r}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}" stroke="#bbb" stroke-dasharray="4 3"/>`,
    `<line x1="${pad.l}" x2="${pad.l}" y1="${pad.t}" y2="${height - pad.b}" stroke="#888"/>`,
    ...ticks,
    `<text x="${pad.l}" y="${height - pad.b + 16}" font-size="11" fill="#444">${day(t0)}</text>`,
    `<text x="${width - pad.r}" y="${height - pad.b + 16}" font-size="11" text-anchor="end" fill="#444">${day(t1)}</text>`,
    ...lines,
    ...legend,
    `</svg>`,
  ].join("\n");
}
