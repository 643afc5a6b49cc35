// The Day Signal day key rolls at UTC midnight whatever the local time zone.
import { describe, expect, test } from "bun:test";
import { isIssuedOnDay, isOnUtcDay, msUntilNextUtcMidnight, utcDayKey, utcDayTitle } from "./utc-day";

describe("utc day", () => {
  test("key is the UTC date", () => {
    expect(utcDayKey(Date.parse("2025-09-25T23:59:59.999Z"))).toBe("2025-09-25");
    expect(utcDayKey(Date.parse("2025-09-26T00:00:00Z"))).toBe("2025-09-26");
    // 01:30 in UTC+2 is still the previous UTC day.
    expect(utcDayKey(Date.parse("2025-09-26T01:30:00+02:00"))).toBe("2025-09-25");
  });
  test("time to the next UTC midnight", () => {
    expect(msUntilNextUtcMidnight(Date.parse("2025-09-25T23:59:59Z"))).toBe(1000);
    expect(msUntilNextUtcMidnight(Date.parse("2025-09-25T12:00:00Z"))).toBe(12 * 3600_000);
    expect(msUntilNextUtcMidnight(Date.parse("2025-09-26T00:00:00Z"))).toBe(24 * 3600_000);
  });
  test("signals are today's by their UTC creation day; title reads like a date", () => {
    expect(isOnUtcDay("2025-09-25T00:00:00Z", "2025-09-25")).toBe(true);
    expect(isOnUtcDay("2025-09-24T23:59:59Z", "2025-09-25")).toBe(false);
    expect(isOnUtcDay(null, "2025-09-25")).toBe(false);
    expect(isOnUtcDay("not a date", "2025-09-25")).toBe(false);
    expect(utcDayTitle("2025-09-25")).toBe("Sep 25, 2025");
  });
  test("a signal belongs to the market day it was issued on, not the day its row was written", () => {
    // Replayed: written in Nov 2026, issued at a 2025 market moment.
    const replayed = { market_time_ms: Date.parse("2025-03-04T23:30:00Z"), created_at: "2026-11-27T20:00:00Z" };
    expect(isIssuedOnDay(replayed, "2025-03-04")).toBe(true);
    expect(isIssuedOnDay(replayed, "2026-11-27")).toBe(false);
    // A row without a market time falls back to its creation day.
    expect(isIssuedOnDay({ market_time_ms: 0, created_at: "2026-11-27T20:00:00Z" }, "2026-11-27")).toBe(true);
    expect(isIssuedOnDay({ market_time_ms: null, created_at: null }, "2026-11-27")).toBe(false);
  });
});
