// Dashboard rules of spec 02 §2/§4/§8: status badge text, live/completed rows, filters, 7-day series, signals errors.
import { describe, expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import type { Analysis } from "@web/entities/analysis/api/decode-analysis";
import { describeError, signalsRetry } from "./polling";
import { buildRows, filterRows, filtersActive, isLiveAnalysis, liveProgress, DEFAULT_FILTERS } from "./rows";
import { statusLabel } from "./status";

const NOW = Date.parse("2025-06-10T12:00:00Z");
const iso = (hoursAgo: number) => new Date(NOW - hoursAgo * 3600_000).toISOString();

function sig(id: number, over: Partial<Signal> = {}): Signal {
  return {
    id,
    symbol: "BTCUSDT",
    type: "LONG",
    confidence: 0.7,
    status: "COMPLETED",
    created_at: iso(1),
    entry_price: 100,
    take_profit: 110,
    stop_loss: 95,
    rr_ratio: 2,
    timeframe: "1h",
    entry_timing: "Now",
    reasoning: "r",
    request_id: id * 10,
    is_active: true,
    next_run_at: null,
    no_trade: false,
    no_trade_reason: null,
    market_time_ms: 0,
    outcome: null,
    outcome_at: null,
    r_multiple: null,
    credits_status: "USED",
    model_version: null,
    context: null,
    ...over,
  };
}
function an(id: number, over: Partial<Analysis> = {}): Analysis {
  return {
    id,
    symbol: "ETHUSDT",
    status: "IN_PROGRESS",
    current_phase: 1,
    phase_name: "Scanning",
    progress_percent: 0,
    created_at: iso(0.5),
    updated_at: iso(0.5),
    completed_at: null,
    next_run_at: null,
    time_remaining_seconds: 30,
    credits_status: "HELD",
    final_signal_id: null,
    final_signal: null,
    final_signal_type: null,
    latest_reasoning: null,
    failure_reason: null,
    market_time_ms: null,
    ...over,
  };
}

test("status badge text: Running, Completed, In Progress or the raw status", () => {
  expect(statusLabel("IN_PROGRESS", true)).toBe("Running");
  expect(statusLabel("COMPLETED", false)).toBe("Completed");
  expect(statusLabel("IN_PROGRESS", false)).toBe("In Progress");
  expect(statusLabel("FAILED", false)).toBe("FAILED");
});

describe("rows", () => {
  test("live = unfinished analysis without a signal", () => {
    expect(isLiveAnalysis(an(1))).toBe(true);
    expect(isLiveAnalysis(an(1, { final_signal_id: 4 }))).toBe(false);
    expect(isLiveAnalysis(an(1, { status: "COMPLETED" }))).toBe(false);
    expect(isLiveAnalysis(an(1, { status: "FAILED" }))).toBe(false);
  });
  test("signals plus signal-less analyses, deduplicated, newest first", () => {
    const signals = [sig(1, { created_at: iso(5) }), sig(2, { created_at: iso(2) })];
    const history = [
      an(10, { status: "COMPLETED", final_signal_id: 1, created_at: iso(5) }),
      an(30, { status: "FAILED", created_at: iso(3) }),
      an(40, { created_at: iso(0.1) }),
    ];
    const active = [an(40, { created_at: iso(0.1), progress_percent: 55 })];
    const rows = buildRows(signals, history, active);
    expect(rows.map((r) => r.key)).toEqual(["a40", "s2", "a30", "s1"]);
    expect(rows.map((r) => r.live)).toEqual([true, false, false, false]);
    const first = rows[0];
    expect(first.kind === "analysis" && first.analysis.progress_percent).toBe(55);
  });
  test("a finished analysis whose signal is not listed yet shows its embedded signal", () => {
    const rows = buildRows([], [an(7, { status: "COMPLETED", final_signal_id: 70, final_signal: sig(70, { request_id: 7 }) })], []);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "signal", key: "s70", live: false });
  });
  test("filters: symbol substring, type, time range", () => {
    const rows = buildRows(
      [
        sig(1, { symbol: "BTCUSDT", type: "LONG", created_at: iso(2) }),
        sig(2, { symbol: "ETHUSDT", type: "SHORT", created_at: iso(48) }),
        sig(3, { symbol: "SOLUSDT", type: "NO_TRADE", created_at: iso(24 * 10) }),
      ],
      [],
      [an(9, { symbol: "BTCUSDT" })],
    );
    const keys = (f: Partial<typeof DEFAULT_FILTERS>) => filterRows(rows, { ...DEFAULT_FILTERS, ...f }, NOW).map((r) => r.key);
    expect(keys({})).toEqual(["a9", "s1", "s2", "s3"]);
    expect(keys({ symbol: " btc " })).toEqual(["a9", "s1"]);
    expect(keys({ type: "SHORT" })).toEqual(["s2"]);
    expect(keys({ type: "NO_TRADE" })).toEqual(["s3"]);
    expect(keys({ range: "Last 24H" })).toEqual(["a9", "s1"]);
    expect(keys({ range: "Last 7D" })).toEqual(["a9", "s1", "s2"]);
    expect(keys({ range: "Last 30D", symbol: "sol" })).toEqual(["s3"]);
    expect(filtersActive(DEFAULT_FILTERS)).toBe(false);
    expect(filtersActive({ ...DEFAULT_FILTERS, range: "Last 7D" })).toBe(true);
  });
  test("live progress is clamped to 0..100", () => {
    expect(liveProgress(an(1, { progress_percent: 0 }))).toBe(0);
    expect(liveProgress(an(1, { progress_percent: 66.6 }))).toBe(67);
    expect(liveProgress(an(1, { progress_percent: 130 }))).toBe(100);
  });
});

describe("errors of the signals list", () => {
  const html = "<!DOCTYPE html><html><body>Bad gateway</body></html>";
  test("dashboard retry budget: HTML 6, parse 3", () => {
    const htmlErr = new ApiError("x", 502, html);
    const parseErr = new ApiError("Invalid JSON response: Unexpected token", 200, "{oops");
    expect(signalsRetry(5, htmlErr)).toBe(true);
    expect(signalsRetry(6, htmlErr)).toBe(false);
    expect(signalsRetry(2, parseErr)).toBe(true);
    expect(signalsRetry(3, parseErr)).toBe(false);
  });
  test("spec 02 §8 texts", () => {
    expect(describeError(new ApiError("x", 502, html))).toBe("Server returned HTML (5xx)");
    expect(describeError(new ApiError("x", 500, '{"detail":"db down"}'))).toBe("db down");
    expect(describeError(new ApiError("x", 503, "busy"))).toBe("Server error 503");
    expect(describeError(new ApiError("x", 403, '{"message":"nope"}'))).toBe("nope");
    expect(describeError(new ApiError("x", 404, html))).toBe("Client error 404 (HTML fallback)");
    expect(describeError(new ApiError("x", 410, "gone"))).toBe("Client error 410");
    expect(describeError(new ApiError("x", 200, html))).toBe("Received HTML instead of JSON");
    expect(describeError(new ApiError("Invalid JSON response: bad", 200, "{oops"))).toBe("JSON parse failed: {oops");
    expect(describeError(new ApiError("Expected JSON response but got 'text/plain'", 200, "plain"))).toBe("Undeclared JSON parse failed: plain");
    expect(describeError(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });
});
