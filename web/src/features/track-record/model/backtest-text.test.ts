// The About page's wording of intervals, signed scores, months and the reliability axis range.
import { expect, test } from "bun:test";
import {
  ciR,
  DOT_RADIUS,
  dotRadius,
  drawdownView,
  eceText,
  monthLabel,
  reliabilityMax,
  reliabilityTicks,
  signedScore,
  yearGapNote,
} from "./backtest-text";

test("an interval in R", () => {
  expect(ciR([-0.3504, -0.0041])).toBe("95% CI −0.35R to 0.00R");
  expect(ciR([0.012, 0.3])).toBe("95% CI +0.01R to +0.30R");
  expect(ciR(null)).toBeNull();
});

test("signed scores, ECE pair, month labels", () => {
  expect(signedScore(-0.003)).toBe("−0.003");
  expect(signedScore(0.0214)).toBe("+0.021");
  expect(signedScore(-0.0001)).toBe("0.000");
  expect(signedScore(null)).toBe("—");
  expect(eceText({ eceAll: 0.022, eceIssued: 0.0957 })).toBe("0.022 / 0.096");
  expect(eceText({ eceAll: 0.022, eceIssued: null })).toBe("0.022 / —");
  expect(eceText({ eceAll: null, eceIssued: null })).toBeNull();
  expect(monthLabel("2024-03")).toBe("Mar 2024");
  expect(monthLabel("Q1")).toBe("Q1");
});

test("reliability axis: the largest value rounded up to a tenth", () => {
  expect(
    reliabilityMax([
      { predicted: 0.12, observed: 0.11 },
      { predicted: 0.41, observed: 0.36 },
    ]),
  ).toBe(0.5);
  expect(reliabilityMax([{ predicted: 0.4, observed: 0.3 }])).toBe(0.4);
  expect(reliabilityMax([])).toBe(0.1);
  expect(reliabilityMax([{ predicted: 0.72, observed: 1 }])).toBe(1);
});

test("reliability ticks: tenths up to 0.5, fifths above, always ending at the top", () => {
  expect(reliabilityTicks(0.5)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5]);
  expect(reliabilityTicks(0.1)).toEqual([0, 0.1]);
  expect(reliabilityTicks(1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  expect(reliabilityTicks(0.7)).toEqual([0, 0.2, 0.4, 0.6, 0.7]);
});

test("a reliability dot's area follows its sample size", () => {
  expect(dotRadius(400, 400)).toBe(DOT_RADIUS.max);
  // A quarter of the sample: half the radius, a quarter of the area.
  expect(dotRadius(100, 400)).toBeCloseTo(DOT_RADIUS.max / 2, 6);
  expect(dotRadius(1, 400)).toBe(DOT_RADIUS.min);
  expect(dotRadius(null, 400)).toBe(DOT_RADIUS.min);
});

test("the worst drawdown as a share of the account at a stated risk per signal, not a bare sum in R", () => {
  expect(drawdownView({ maxDrawdownR: 2051.3125, signals: 23971 })).toEqual({
    value: "20.5% of the account",
    sub: "risking 0.01% of it on every signal",
    hint: "2,051.3R summed over 23,971 signals, many open at once; at 1% risk per signal that is more than the whole account",
  });
  expect(drawdownView({ maxDrawdownR: 21.7369, signals: 90 })?.hint).toBe(
    "21.7R summed over 90 signals, many open at once; at 1% risk per signal 21.7% of the account",
  );
  expect(drawdownView({ maxDrawdownR: null, signals: 90 })).toBeNull();
});

test("the by-year table says why it jumps: the months missing from the monthly rows are withheld", () => {
  const months = (list: string[]) => list.map((month) => ({ month }));
  expect(yearGapNote(months(["2021-02", "2021-03", "2024-01", "2024-02"]))).toBe(
    "No figures for Apr 2021 – Dec 2023: those months are withheld from the data the model is fitted and tested on (kept back to judge it later), so the years on either side cover only part of the year.",
  );
  expect(yearGapNote(months(["2024-12", "2025-01", "2025-02"]))).toBeNull();
  expect(yearGapNote(months(["2025-02", "2024-12", "2025-01"]))).toBeNull();
  expect(yearGapNote(months(["2020-01", "2020-03"]))).toContain("Feb 2020 – Feb 2020");
});
