// "Market time": a replayed moment is labelled, a live or missing one is not.
import { expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import { DETAIL_FAILED, HISTORY_FAILED, failureText } from "./fetch-failures";
import { REPLAY_GAP_MS, marketTimeLabel, replayedMarketTime } from "./market-time";

const made = "2025-06-10T12:00:00.000Z";
const recorded = Date.parse("2024-06-01T00:00:00Z");

test("a recorded moment far from the row's time is labelled as market time, in UTC to the minute", () => {
  expect(replayedMarketTime(recorded, made)).toBe("2024-06-01 00:00 UTC");
  expect(marketTimeLabel(recorded, made)).toBe("Market time 2024-06-01 00:00 UTC");
  // Without a readable row time the market clock is still named for what it is.
  expect(marketTimeLabel(recorded, null)).toBe("Market time 2024-06-01 00:00 UTC");
});

test("the live clock (within the gap), zero and missing values carry no label", () => {
  const live = Date.parse(made) - REPLAY_GAP_MS + 1;
  expect(marketTimeLabel(live, made)).toBeNull();
  expect(marketTimeLabel(Date.parse(made) - REPLAY_GAP_MS, made)).toBe("Market time 2025-06-10 11:50 UTC");
  expect(marketTimeLabel(0, made)).toBeNull();
  expect(marketTimeLabel(null, made)).toBeNull();
  expect(marketTimeLabel(undefined, made)).toBeNull();
});

test("failed analysis reads: the server's detail first, else the spec's fallback", () => {
  const withDetail = new ApiError("503: …", 503, JSON.stringify({ detail: "Database unavailable" }));
  expect(failureText(withDetail, DETAIL_FAILED)).toBe("Database unavailable");
  expect(failureText(new ApiError("502: <html>", 502, "<html></html>"), DETAIL_FAILED)).toBe("Failed to fetch analysis detail");
  expect(failureText(new TypeError("Failed to fetch"), HISTORY_FAILED)).toBe("Failed to fetch analysis history");
});
