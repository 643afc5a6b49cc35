// 'Next mm:ss' formatting and the seconds left from next_run_at or time_remaining_seconds.
import { describe, expect, test } from "bun:test";
import { formatCountdown, secondsLeft } from "./countdown";

describe("formatCountdown", () => {
  test("pads minutes and seconds, rounds partial seconds up, clamps below zero", () => {
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(5)).toBe("00:05");
    expect(formatCountdown(59.2)).toBe("01:00");
    expect(formatCountdown(125)).toBe("02:05");
    expect(formatCountdown(3600)).toBe("60:00");
    expect(formatCountdown(-3)).toBe("00:00");
    expect(formatCountdown(null)).toBe("00:00");
    expect(formatCountdown(Number.NaN)).toBe("00:00");
  });
});

describe("secondsLeft", () => {
  const now = Date.parse("2025-09-25T12:00:00Z");
  test("counts to next_run_at", () => {
    expect(secondsLeft("2025-09-25T12:01:30Z", now)).toBe(90);
    expect(secondsLeft("2025-09-25T12:00:00.400Z", now)).toBe(1);
    expect(secondsLeft("2025-09-25T11:59:00Z", now)).toBe(0);
  });
  test("falls back to the server's remaining seconds counted from when they arrived", () => {
    expect(secondsLeft(null, now, { seconds: 30, receivedAtMs: now - 10_000 })).toBe(20);
    expect(secondsLeft("garbage", now, { seconds: 30, receivedAtMs: now })).toBe(30);
    expect(secondsLeft(null, now, { seconds: 5, receivedAtMs: now - 60_000 })).toBe(0);
    expect(secondsLeft(null, now)).toBeNull();
    expect(secondsLeft(null, now, { seconds: null, receivedAtMs: now })).toBeNull();
  });
});
