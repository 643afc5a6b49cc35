// The open-setup status rules: distances in % and R, time left in market time, and the order of the states.
import { describe, expect, test } from "bun:test";
import { entryTouched, formatTimeLeft, openSetupStatus, type OpenStatusInput } from "./open-status";

const H = 3_600_000;
const LONG: OpenStatusInput = { side: "LONG", entry: 100, stop: 95, target: 110, price: 102, priceAtMs: 0, expiresAtMs: 10 * H, entryTouched: true };
const SHORT: OpenStatusInput = { ...LONG, side: "SHORT", stop: 105, target: 90, price: 98 };

describe("openSetupStatus", () => {
  test("a filled LONG in play: distances in % from the price and in R of the entry-to-stop risk", () => {
    const s = openSetupStatus(LONG)!;
    expect(s.state).toBe("in_play");
    expect(s.label).toBe("In play");
    expect(s.toEntry.pct).toBeCloseTo(-1.9608, 4);
    expect(s.toStop).toEqual({ pct: expect.closeTo(-6.8627, 4), r: expect.closeTo(1.4, 9) });
    expect(s.toTarget).toEqual({ pct: expect.closeTo(7.8431, 4), r: expect.closeTo(1.6, 9) });
    expect(s.openR).toBeCloseTo(0.4, 9);
    expect(s.timeLeftMs).toBe(10 * H);
  });

  test("a SHORT mirrors it: in profit below the entry", () => {
    const s = openSetupStatus(SHORT)!;
    expect(s.state).toBe("in_play");
    expect(s.openR).toBeCloseTo(0.4, 9);
    expect(s.toTarget.r).toBeCloseTo(1.6, 9);
    expect(s.toStop.r).toBeCloseTo(1.4, 9);
  });

  test("not reached entry: never traded at the entry and gone on the target side, even past the target", () => {
    expect(openSetupStatus({ ...LONG, entryTouched: false, price: 104 })!.state).toBe("not_reached_entry");
    expect(openSetupStatus({ ...LONG, entryTouched: false, price: 112 })!.label).toBe("Not reached entry");
    expect(openSetupStatus({ ...SHORT, entryTouched: false, price: 89 })!.state).toBe("not_reached_entry");
    // Unknown fill (no candle since issue yet) is not claimed either way.
    expect(openSetupStatus({ ...LONG, entryTouched: null, price: 104 })!.state).toBe("in_play");
  });

  test("through target or stop once the price is at or beyond the level (the tracker closes it next)", () => {
    expect(openSetupStatus({ ...LONG, price: 110 })!.state).toBe("through_target");
    expect(openSetupStatus({ ...LONG, price: 94 })!.state).toBe("through_stop");
    expect(openSetupStatus({ ...SHORT, price: 90 })!.state).toBe("through_target");
    expect(openSetupStatus({ ...SHORT, price: 105.5 })!.state).toBe("through_stop");
  });

  test("expired wins once the price's market time reaches the expiry; time left is counted from the price's time", () => {
    expect(openSetupStatus({ ...LONG, priceAtMs: 4 * H })!.timeLeftMs).toBe(6 * H);
    expect(openSetupStatus({ ...LONG, priceAtMs: 10 * H, entryTouched: false, price: 120 })!.state).toBe("expired");
    expect(openSetupStatus({ ...LONG, expiresAtMs: null })!.timeLeftMs).toBeNull();
  });

  test("levels that make no trade give no status", () => {
    expect(openSetupStatus({ ...LONG, stop: 100 })).toBeNull();
    expect(openSetupStatus({ ...LONG, target: 90 })).toBeNull();
    expect(openSetupStatus({ ...LONG, stop: 105 })).toBeNull();
    expect(openSetupStatus({ ...LONG, price: 0 })).toBeNull();
  });
});

describe("entryTouched", () => {
  const k = (t: number, l: number, h: number) => ({ t, o: l, h, l, c: h, v: 1 });
  test("a LONG is filled by a low at or below the entry in the issue's candle or later, not by an earlier one", () => {
    const candles = [k(0, 99, 101), k(H, 100.5, 103), k(2 * H, 101, 104)];
    expect(entryTouched("LONG", 100, candles, H, 1.5 * H, 103)).toBe(false);
    expect(entryTouched("LONG", 100, candles, H, 0.5 * H, 103)).toBe(true);
    expect(entryTouched("LONG", 100.5, candles, H, 1.5 * H, 103)).toBe(true);
  });
  test("a SHORT by a high at or above it; the current price counts; no candle yet is unknown", () => {
    expect(entryTouched("SHORT", 103, [k(H, 100, 102)], H, H, 101)).toBe(false);
    expect(entryTouched("SHORT", 103, [k(H, 100, 103)], H, H, 101)).toBe(true);
    expect(entryTouched("SHORT", 103, [], H, H, 101)).toBeNull();
    expect(entryTouched("SHORT", 103, [], H, H, 103.2)).toBe(true);
  });
});

test("formatTimeLeft", () => {
  expect([formatTimeLeft(null), formatTimeLeft(0), formatTimeLeft(12 * 60_000), formatTimeLeft(3 * H + 5 * 60_000), formatTimeLeft(28 * H)]).toEqual([
    "—",
    "expired",
    "12m",
    "3h 05m",
    "1d 4h",
  ]);
});
