// The About page's model lines and the reader behind them: age against the limit, forward record, partial answers.
import { describe, expect, test } from "bun:test";
import { normalizeModel } from "../api/model";
import { forwardText, modelAgeText } from "./model-text";

const RAW = {
  version: "v4-20240501-0a1b2c3d",
  trained_through: "2024-05-01T00:00:00.000Z",
  trained_at: "2024-05-01T00:00:00.000Z",
  age_days: 12.7,
  max_age_days: 120,
  forward: { since: "2024-05-01T00:00:00.000Z", signals: 7, closed: 5, expectancy_r: 0.0412, excess_vs_always_long: -0.018 },
};

describe("model record", () => {
  test("reads the answer; one missing field the page shows is no record", () => {
    expect(normalizeModel(RAW)).toEqual({
      version: RAW.version,
      trainedThrough: RAW.trained_through,
      ageDays: 12.7,
      maxAgeDays: 120,
      forward: { since: RAW.forward.since, signals: 7, closed: 5, expectancyR: 0.0412, excessVsAlwaysLong: -0.018 },
    });
    expect(normalizeModel({ ...RAW, age_days: undefined })).toBeNull();
    expect(normalizeModel({ ...RAW, forward: null })).toBeNull();
    expect(normalizeModel("nope")).toBeNull();
  });

  test("age in whole market days against the limit, and past it", () => {
    const m = normalizeModel(RAW)!;
    expect(modelAgeText(m)).toBe("Trained on data through May 1, 2024: 12 days old in market time. It stops issuing signals at 120 days.");
    expect(modelAgeText({ ...m, ageDays: 130.2 })).toBe(
      "Trained on data through May 1, 2024: 130 days old in market time. Past its 120-day limit, it issues no signals until a newer version is trained.",
    );
  });

  test("forward record: results with the excess, open only, none", () => {
    const m = normalizeModel(RAW)!;
    expect(forwardText(m)).toBe(
      "Since it went live on May 1, 2024: 7 signals, 5 closed; +0.04R per closed signal, −0.02R against always-long on the same entries.",
    );
    expect(forwardText({ ...m, forward: { ...m.forward, signals: 1, closed: 0 } })).toBe(
      "Since it went live on May 1, 2024: 1 signal, 0 closed; no result yet.",
    );
    expect(forwardText({ ...m, forward: { ...m.forward, signals: 0, closed: 0, since: null } })).toBe("Never promoted: no signals yet.");
  });
});
