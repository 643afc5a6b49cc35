// Report SVGs: well-formed tags, one mark per data point, escaped names, byte-identical output for identical input.
import { describe, expect, test } from "bun:test";
import { curveSvg, reliabilitySvg } from "./svg";

/** Every opened tag is self-closed or closed in order; returns the element names seen. */
function checkBalanced(svg: string): string[] {
  const stack: string[] = [];
  const seen: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^<>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else {
      seen.push(name);
      if (!selfClosing) stack.push(name);
    }
  }
  expect(stack).toEqual([]);
  // No stray angle brackets outside tags (unescaped text would leave one).
  expect(svg.replace(/<[^<>]*>/g, "")).not.toMatch(/[<>]/);
  return seen;
}

const count = (seen: string[], name: string) => seen.filter((n) => n === name).length;

const model = {
  name: "model <isotonic> & co",
  color: "#1f77b4",
  bins: [
    { predicted: 0.12, observed: 0.1, n: 120 },
    { predicted: 0.25, observed: 0.28, n: 80 },
    { predicted: 0.41, observed: 0.37, n: 40 },
    { predicted: 0.58, observed: 0.62, n: 9 },
  ],
};
const raw = {
  name: "raw",
  color: "#d62728",
  bins: [
    { predicted: 0.2, observed: 0.12, n: 100 },
    { predicted: 0.5, observed: 0.3, n: 100 },
    { predicted: 0.7, observed: 0.45, n: 49 },
  ],
};

describe("reliabilitySvg", () => {
  test("well-formed, one circle per bin, one line path per series, escaped names", () => {
    const svg = reliabilitySvg([model, raw], "Reliability <test>");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    const seen = checkBalanced(svg);
    expect(count(seen, "circle")).toBe(7);
    expect(count(seen, "path")).toBe(2);
    expect(svg).toContain("model &lt;isotonic&gt; &amp; co");
    expect(svg).toContain("Reliability &lt;test&gt;");
    expect(svg).not.toContain("<isotonic>");
    expect(svg).toContain(`fill="#fff"`);
    expect(svg).toContain("system-ui, sans-serif");
    expect(svg).toContain(">predicted<");
    expect(svg).toContain(">observed<");
  });

  test("auto max rounds up to the next 0.1 and caps at 1; explicit max wins", () => {
    // Largest value 0.7 → axis to 0.7: the last tick label is 0.7 and no 0.8 appears.
    const auto = reliabilitySvg([raw], "t");
    expect(auto).toContain(">0.7<");
    expect(auto).not.toContain(">0.8<");
    const capped = reliabilitySvg([{ ...raw, bins: [{ predicted: 0.95, observed: 1.3, n: 5 }] }], "t");
    expect(capped).toContain(">1.0<");
    expect(capped).not.toContain(">1.1<");
    expect(reliabilitySvg([raw], "t", { max: 1 })).toContain(">1.0<");
  });

  test("point area grows with n", () => {
    const svg = reliabilitySvg(
      [
        {
          ...raw,
          bins: [
            { predicted: 0.2, observed: 0.2, n: 100 },
            { predicted: 0.4, observed: 0.4, n: 25 },
          ],
        },
      ],
      "t",
    );
    const radii = [...svg.matchAll(/<circle [^>]*r="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(radii.length).toBe(2);
    // sqrt(100/25) = 2
    expect(radii[1] / radii[0]).toBeCloseTo(0.5, 1);
  });

  test("deterministic; empty series list still renders", () => {
    expect(reliabilitySvg([model, raw], "x")).toBe(reliabilitySvg([model, raw], "x"));
    const empty = reliabilitySvg([], "nothing");
    checkBalanced(empty);
    expect(empty).not.toContain("NaN");
  });
});

describe("curveSvg", () => {
  const pts = [0.02, 0.05, 0.1, 0.2, 0.3].map((x, i) => ({ x, y: 0.4 - i * 0.12, lo: 0.1 - i * 0.15, hi: 0.7 - i * 0.1 }));
  const series = [
    { name: "chosen side <R>", color: "#1f77b4", points: pts.map((p, i) => ({ ...p, label: i === 2 ? "τ=0.6" : undefined })) },
    { name: "opposite & flipped", color: "#ff7f0e", points: pts.map((p) => ({ x: p.x, y: -p.y / 2 })) },
    { name: "one point", color: "#2ca02c", points: [{ x: 0.15, y: 0.05, lo: -0.1, hi: 0.2 }] },
  ];

  test("well-formed: circles per point, a band, whiskers for a lone interval, markers, escaped text", () => {
    const svg = curveSvg(series, "Mean R vs signal rate", { markers: [{ x: 0.1, label: "chosen τ <0.6>" }] });
    expect(svg.startsWith("<svg")).toBe(true);
    const seen = checkBalanced(svg);
    expect(count(seen, "circle")).toBe(11);
    // Band + line for series 1, line for series 2, nothing for the single point (whiskers are lines).
    expect(count(seen, "path")).toBe(3);
    expect(svg).toContain(`fill-opacity="0.15"`);
    expect(svg).toContain("chosen side &lt;R&gt;");
    expect(svg).toContain("opposite &amp; flipped");
    expect(svg).toContain("chosen τ &lt;0.6&gt;");
    expect(svg).toContain(">τ=0.6<");
    expect(svg).toContain(">signal rate<");
    expect(svg).toContain(">mean R<");
    expect(svg).toContain(">30%<");
    expect(svg).not.toContain("NaN");
  });

  test("zero line sits at y = 0 of the scale", () => {
    const svg = curveSvg(
      [
        {
          name: "a",
          color: "#000",
          points: [
            { x: 0.1, y: 1 },
            { x: 0.2, y: -1 },
          ],
        },
      ],
      "t",
    );
    // Symmetric data: the zero line is at the vertical middle of the plot box.
    const frame = svg.match(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none"/)!;
    const mid = Number(frame[2]) + Number(frame[4]) / 2;
    const zero = svg.match(/<line [^>]*y1="([\d.]+)" y2="([\d.]+)" stroke="#777"/)!;
    expect(Number(zero[1])).toBeCloseTo(mid, 0);
  });

  test("custom labels, deterministic, degenerate input", () => {
    const a = curveSvg(series, "t", { xLabel: "rate <x>", yLabel: "R & more" });
    expect(a).toContain(">rate &lt;x&gt;<");
    expect(a).toContain(">R &amp; more<");
    expect(a).toBe(curveSvg(series, "t", { xLabel: "rate <x>", yLabel: "R & more" }));
    for (const svg of [
      curveSvg([], "empty"),
      curveSvg(
        [
          {
            name: "z",
            color: "#000",
            points: [
              { x: 0, y: 0 },
              { x: NaN, y: 1 },
            ],
          },
        ],
        "z",
      ),
    ]) {
      checkBalanced(svg);
      expect(svg).not.toContain("NaN");
      expect(svg).not.toContain("Infinity");
    }
  });
});
