// Dependency-free, deterministic SVG charts for backtest reports: reliability diagram and rate-vs-R curves.

const FONT = "system-ui, sans-serif";
const INK = "#1a1a1a";
const MUTED = "#555";
const GRID = "#e6e6e6";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
// Colours are caller-supplied and land inside attribute quotes.
const escAttr = (s: string) => esc(s).replace(/"/g, "&quot;");
/** Fixed one-decimal coordinates keep output byte-stable; "-0.0" would make equal charts differ. */
const f = (v: number) => {
  const s = v.toFixed(1);
  return s === "-0.0" ? "0.0" : s;
};

/** Typographic minus for negative tick labels; a hyphen reads as a dash. */
const num = (v: number, decimals: number) =>
  v
    .toFixed(decimals)
    .replace(/^-(?=.*[1-9])/, "\u2212")
    .replace(/^-/, "");

type Box = { l: number; t: number; w: number; h: number };
type Scale = { lo: number; hi: number; ticks: number[]; decimals: number };

/** 1-2-5 tick steps covering [min, max]; a zero span still gets a unit-wide axis so nothing divides by zero. */
function niceScale(min: number, max: number, target = 6): Scale {
  if (!(max > min)) {
    min = Math.min(min, 0);
    max = Math.max(max, min + 1);
  }
  const raw = (max - min) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const r = raw / mag;
  const step = mag * (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10);
  const lo = Math.floor(min / step + 1e-9) * step;
  const hi = Math.ceil(max / step - 1e-9) * step;
  const n = Math.round((hi - lo) / step);
  const ticks = Array.from({ length: n + 1 }, (_, k) => Math.round((lo + k * step) * 1e10) / 1e10);
  return { lo: ticks[0], hi: ticks[n], ticks, decimals: Math.max(0, -Math.floor(Math.log10(step) + 1e-9)) };
}

function svgOpen(width: number, height: number, title: string): string[] {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="16" y="26" font-size="15" font-weight="600" fill="${INK}">${esc(title)}</text>`,
  ];
}

/** Grid, tick labels, frame and axis titles for a plot box with linear x and y scales. */
function axes(box: Box, xs: Scale, ys: Scale, xLabel: string, yLabel: string, xTick: (v: number) => string, yTick: (v: number) => string): string[] {
  const px = (v: number) => box.l + ((v - xs.lo) / (xs.hi - xs.lo)) * box.w;
  const py = (v: number) => box.t + box.h - ((v - ys.lo) / (ys.hi - ys.lo)) * box.h;
  const out: string[] = [];
  for (const v of xs.ticks) {
    out.push(`<line x1="${f(px(v))}" x2="${f(px(v))}" y1="${f(box.t)}" y2="${f(box.t + box.h)}" stroke="${GRID}"/>`);
    out.push(`<text x="${f(px(v))}" y="${f(box.t + box.h + 16)}" font-size="11" text-anchor="middle" fill="${MUTED}">${esc(xTick(v))}</text>`);
  }
  for (const v of ys.ticks) {
    out.push(`<line x1="${f(box.l)}" x2="${f(box.l + box.w)}" y1="${f(py(v))}" y2="${f(py(v))}" stroke="${GRID}"/>`);
    out.push(`<text x="${f(box.l - 6)}" y="${f(py(v) + 4)}" font-size="11" text-anchor="end" fill="${MUTED}">${esc(yTick(v))}</text>`);
  }
  const cx = box.l + box.w / 2;
  const cy = box.t + box.h / 2;
  out.push(
    `<rect x="${f(box.l)}" y="${f(box.t)}" width="${f(box.w)}" height="${f(box.h)}" fill="none" stroke="#999"/>`,
    `<text x="${f(cx)}" y="${f(box.t + box.h + 36)}" font-size="12" text-anchor="middle" fill="${INK}">${esc(xLabel)}</text>`,
    `<text x="${f(box.l - 44)}" y="${f(cy)}" font-size="12" text-anchor="middle" fill="${INK}" transform="rotate(-90 ${f(box.l - 44)} ${f(cy)})">${esc(yLabel)}</text>`,
  );
  return out;
}

/** One row per entry below the plot; swatches are rects so circle counts stay equal to data points. */
function legend(entries: { color: string; text: string }[], x: number, y: number): string[] {
  return entries.flatMap((e, i) => [
    `<rect x="${f(x)}" y="${f(y + i * 18 - 9)}" width="14" height="10" rx="2" fill="${escAttr(e.color)}"/>`,
    `<text x="${f(x + 20)}" y="${f(y + i * 18)}" font-size="12" fill="${INK}">${esc(e.text)}</text>`,
  ]);
}

type RelSeries = { name: string; color: string; bins: { predicted: number; observed: number; n: number }[] };

/**
 * Reliability diagram: predicted (x) vs observed (y) per bin, diagonal reference, point area proportional to n,
 * one or more series with a legend. Axes run 0..max; by default max is the largest predicted or observed value
 * rounded up to the next 0.1 (at most 1). With a smaller explicit max, values beyond it are pinned to the edge.
 * Bins with a non-finite predicted or observed value are not drawn.
 */
export function reliabilitySvg(series: RelSeries[], title: string, opts: { width?: number; height?: number; max?: number } = {}): string {
  const width = opts.width ?? 560;
  const height = opts.height ?? 560 + 18 * Math.max(0, series.length - 1);
  const bins = series.map((s) => s.bins.filter((b) => Number.isFinite(b.predicted) && Number.isFinite(b.observed)));
  const dataMax = Math.max(0, ...bins.flat().flatMap((b) => [b.predicted, b.observed]));
  const max = opts.max && opts.max > 0 ? opts.max : Math.min(1, Math.max(0.1, Math.ceil(dataMax * 10 - 1e-9) / 10));
  const legendH = 18 * series.length;
  const side = Math.max(50, Math.min(width - 64 - 24, height - 48 - 52 - legendH));
  const box: Box = { l: 64, t: 48, w: side, h: side };
  const step = [0.01, 0.02, 0.05, 0.1, 0.2].find((s) => max / s <= 10.0001) ?? 0.25;
  const ticks = Array.from({ length: Math.floor(max / step + 1e-9) + 1 }, (_, k) => Math.round(k * step * 1e10) / 1e10);
  const scale: Scale = { lo: 0, hi: max, ticks, decimals: Math.max(1, -Math.floor(Math.log10(step) + 1e-9)) };
  const clamp = (v: number) => Math.min(max, Math.max(0, v));
  const px = (v: number) => box.l + (clamp(v) / max) * box.w;
  const py = (v: number) => box.t + box.h - (clamp(v) / max) * box.h;
  const nMax = Math.max(1, ...bins.flat().map((b) => b.n));
  const radius = (n: number) => Math.max(2.5, 11 * Math.sqrt(Math.max(0, n) / nMax));
  const tick = (v: number) => v.toFixed(scale.decimals);

  // Drawn last-first so the first series stays on top where they overlap.
  const marks = series
    .map((s, i) => {
      const color = escAttr(s.color);
      const line = bins[i].map((b, k) => `${k ? "L" : "M"}${f(px(b.predicted))} ${f(py(b.observed))}`).join(" ");
      return [
        bins[i].length > 1 ? `<path d="${line}" fill="none" stroke="${color}" stroke-width="1.5" stroke-opacity="0.7"/>` : "",
        ...bins[i].map(
          (b) =>
            `<circle cx="${f(px(b.predicted))}" cy="${f(py(b.observed))}" r="${f(radius(b.n))}" fill="${color}" fill-opacity="0.75" stroke="#fff" stroke-width="1"/>`,
        ),
      ].filter(Boolean);
    })
    .reverse()
    .flat();
  const total = (s: RelSeries) => s.bins.reduce((acc, b) => acc + (b.n || 0), 0);
  return [
    ...svgOpen(width, height, title),
    ...axes(box, scale, scale, "predicted", "observed", tick, tick),
    `<line x1="${f(px(0))}" y1="${f(py(0))}" x2="${f(px(max))}" y2="${f(py(max))}" stroke="#888" stroke-dasharray="5 4"/>`,
    ...marks,
    ...legend(
      series.map((s) => ({ color: s.color, text: `${s.name} (n = ${total(s)})` })),
      box.l,
      box.t + box.h + 62,
    ),
    `</svg>`,
  ].join("\n");
}

type CurvePoint = { x: number; y: number; lo?: number; hi?: number; label?: string };
type CurveSeries = { name: string; color: string; points: CurvePoint[] };

/** Interval marks: a shaded band when two or more points carry [lo, hi], whiskers for a lone one. */
function intervals(points: CurvePoint[], color: string, px: (v: number) => number, py: (v: number) => number): string[] {
  const withCi = points.filter((p) => Number.isFinite(p.lo) && Number.isFinite(p.hi));
  if (withCi.length >= 2) {
    const upper = withCi.map((p, k) => `${k ? "L" : "M"}${f(px(p.x))} ${f(py(p.hi!))}`);
    const lower = [...withCi].reverse().map((p) => `L${f(px(p.x))} ${f(py(p.lo!))}`);
    return [`<path d="${[...upper, ...lower].join(" ")} Z" fill="${color}" fill-opacity="0.15" stroke="none"/>`];
  }
  return withCi.flatMap((p) => {
    const x = px(p.x);
    return [
      `<line x1="${f(x)}" x2="${f(x)}" y1="${f(py(p.lo!))}" y2="${f(py(p.hi!))}" stroke="${color}" stroke-width="1.5"/>`,
      `<line x1="${f(x - 4)}" x2="${f(x + 4)}" y1="${f(py(p.lo!))}" y2="${f(py(p.lo!))}" stroke="${color}" stroke-width="1.5"/>`,
      `<line x1="${f(x - 4)}" x2="${f(x + 4)}" y1="${f(py(p.hi!))}" y2="${f(py(p.hi!))}" stroke="${color}" stroke-width="1.5"/>`,
    ];
  });
}

/**
 * Line chart of mean R (y) against signal rate (x, a 0..1 fraction labelled as %): optional interval band or
 * whiskers from each point's [lo, hi], a line at y = 0, optional labelled vertical markers (e.g. the chosen tau).
 * Points are joined in the order given, so a parametric sweep draws as the caller ordered it; points with a
 * non-finite x or y are skipped. The x axis starts at 0 because a rate is read against no signals at all.
 */
export function curveSvg(
  series: CurveSeries[],
  title: string,
  opts: { xLabel?: string; yLabel?: string; markers?: { x: number; label: string }[]; width?: number; height?: number } = {},
): string {
  const markers = (opts.markers ?? []).filter((m) => Number.isFinite(m.x));
  const pts = series.map((s) => s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)));
  const all = pts.flat();
  const ysAll = all.flatMap((p) => [p.y, p.lo, p.hi]).filter((v): v is number => Number.isFinite(v));
  const xs = niceScale(0, Math.max(0, ...all.map((p) => p.x), ...markers.map((m) => m.x)));
  const ys = niceScale(Math.min(0, ...ysAll), Math.max(0, ...ysAll));
  const width = opts.width ?? 900;
  const height = opts.height ?? 440 + 18 * series.length;
  const box: Box = { l: 72, t: 48, w: width - 72 - 24, h: height - 48 - 60 - 18 * series.length };
  const px = (v: number) => box.l + ((v - xs.lo) / (xs.hi - xs.lo)) * box.w;
  const py = (v: number) => box.t + box.h - ((v - ys.lo) / (ys.hi - ys.lo)) * box.h;
  const xDecimals = Math.max(0, xs.decimals - 2);
  // Text near the right edge flips to the left of its anchor instead of running off the chart.
  const anchorNear = (x: number, gap: number) => (x > box.l + box.w * 0.85 ? `x="${f(x - gap)}" text-anchor="end"` : `x="${f(x + gap)}"`);

  const marks = series
    .map((s, i) => {
      const color = escAttr(s.color);
      const line = pts[i].map((p, k) => `${k ? "L" : "M"}${f(px(p.x))} ${f(py(p.y))}`).join(" ");
      return [
        ...intervals(pts[i], color, px, py),
        pts[i].length > 1 ? `<path d="${line}" fill="none" stroke="${color}" stroke-width="${i === 0 ? 2.5 : 1.75}"/>` : "",
        ...pts[i].map((p) => `<circle cx="${f(px(p.x))}" cy="${f(py(p.y))}" r="3" fill="${color}"/>`),
        ...pts[i]
          .filter((p) => p.label)
          .map((p) => `<text ${anchorNear(px(p.x), 5)} y="${f(py(p.y) - 7)}" font-size="10" fill="${color}">${esc(p.label!)}</text>`),
      ].filter(Boolean);
    })
    .reverse()
    .flat();
  // Labels stagger downwards so markers close together stay legible.
  const markerMarks = markers.flatMap((m, i) => [
    `<line x1="${f(px(m.x))}" x2="${f(px(m.x))}" y1="${f(box.t)}" y2="${f(box.t + box.h)}" stroke="#666" stroke-dasharray="4 3"/>`,
    `<text ${anchorNear(px(m.x), 4)} y="${f(box.t + 14 + 14 * i)}" font-size="11" fill="#333">${esc(m.label)}</text>`,
  ]);
  return [
    ...svgOpen(width, height, title),
    ...axes(
      box,
      xs,
      ys,
      opts.xLabel ?? "signal rate",
      opts.yLabel ?? "mean R",
      (v) => `${(v * 100).toFixed(xDecimals)}%`,
      (v) => num(v, ys.decimals),
    ),
    `<line x1="${f(box.l)}" x2="${f(box.l + box.w)}" y1="${f(py(0))}" y2="${f(py(0))}" stroke="#777" stroke-width="1.25"/>`,
    ...markerMarks,
    ...marks,
    ...legend(
      series.map((s) => ({ color: s.color, text: s.name })),
      box.l,
      box.t + box.h + 56,
    ),
    `</svg>`,
  ].join("\n");
}
