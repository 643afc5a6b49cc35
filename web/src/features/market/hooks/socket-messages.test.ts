// Socket message routing (of frames as lib/decode-socket decodes them): each market type lands in its query key; analysis
// progress names the queries to invalidate.
import { describe, expect, test } from "bun:test";
import { partialMatchKey } from "@tanstack/react-query";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import { chartKeys } from "@web/entities/signal/api/keys";
import { pushedPrice } from "@web/entities/signal/api/latest-price";
import { marketKeys } from "../api/keys";
import { decodeSocketFrame } from "@web/lib/decode-socket";
import { RECONNECT_JITTER, RECONNECT_MAX_MS, RECONNECT_MS, marketSocketUrl, reconnectDelayMs } from "@web/lib/socket";
import { analysisProgressKeys, mergeSnapshot, resyncKeys, routeSocketMessage } from "./socket-messages";

/** A frame as the socket delivers it: encoded, then read by the one decoder. */
const route = (frame: object) => routeSocketMessage(decodeSocketFrame(JSON.stringify(frame))!);

describe("routeSocketMessage", () => {
  test("market topics map through the shared topic table to their query keys", () => {
    expect(route({ type: "market_health", data: { status: "WEAK" } })).toEqual({
      kind: "market",
      key: marketKeys.health(),
      data: { status: "WEAK" },
    });
    expect(route({ type: "gate_decision", data: 1 })).toEqual({ kind: "market", key: marketKeys.preAnalysis(), data: 1 });
    expect(route({ type: "core_assets", data: {} })).toEqual({ kind: "market", key: marketKeys.coreAssets(), data: {} });
    expect(route({ type: "movers", data: {} })).toEqual({ kind: "market", key: marketKeys.movers(), data: {} });
    expect(route({ type: "sentiment", data: {} })).toEqual({ kind: "market", key: marketKeys.sentiment(), data: {} });
    expect(route({ type: "session", data: {} })).toEqual({ kind: "market", key: marketKeys.session(), data: {} });
  });
  test("orderbook goes to the key of the symbol its body names", () => {
    expect(route({ type: "orderbook", data: { symbol: "ETHUSDT" } })).toEqual({
      kind: "market",
      key: marketKeys.orderbook("ETHUSDT"),
      data: { symbol: "ETHUSDT" },
    });
    expect(route({ type: "orderbook", data: { symbol: "btcusdt" } })).toEqual({
      kind: "market",
      key: marketKeys.orderbook("BTCUSDT"),
      data: { symbol: "btcusdt" },
    });
  });
  test("analysis progress carries the request id; control messages are ignored", () => {
    expect(route({ type: "analysis_progress", data: { request_id: 7, status: "COMPLETED" } })).toEqual({
      kind: "analysis",
      id: 7,
    });
    expect(route({ type: "subscribed", topics: ["market"] })).toEqual({ kind: "ignore" });
    expect(route({ type: "error", detail: "x" })).toEqual({ kind: "ignore" });
  });
});

test("a prices push lands where the open-setup status reads it, and reads back per pair", () => {
  const data = { prices: { BTCUSDT: { price: 51795.17, at_ms: 1707955200000 } }, as_of: "2024-02-15T00:00:00.000Z" };
  const action = route({ type: "prices", data });
  expect(action).toEqual({ kind: "market", key: chartKeys.prices(), data });
  const cached = mergeSnapshot(undefined, data);
  expect(pushedPrice(cached, "BTCUSDT")).toEqual({ price: 51795.17, atMs: 1707955200000, source: "live" });
  expect(pushedPrice(cached, "ETHUSDT")).toBeNull();
});

test("mergeSnapshot keeps the envelope and replaces data", () => {
  expect(mergeSnapshot({ data: { a: 1 }, computed_at: "t", derived: true }, { a: 2 })).toEqual({ data: { a: 2 }, computed_at: "t", derived: true });
  expect(mergeSnapshot(undefined, 5)).toEqual({ data: 5 });
});

test("an analysis push reaches the active list, detail and reasoning of that id only", () => {
  const reached = (key: readonly unknown[]) => analysisProgressKeys(12).some((k) => partialMatchKey(key, k));
  expect(reached(analysisKeys.active())).toBe(true);
  expect(reached(analysisKeys.detail(12))).toBe(true);
  expect(reached(analysisKeys.reasoning(12, { limit: 900 }))).toBe(true);
  expect(reached(analysisKeys.detail(123))).toBe(false);
  expect(reached(analysisKeys.detail(1))).toBe(false);
  expect(reached(analysisKeys.history())).toBe(false);
});

test("a reconnect re-reads every market topic and the active list", () => {
  const reached = (key: readonly unknown[]) => resyncKeys().some((k) => partialMatchKey(key, k));
  expect(reached(marketKeys.orderbook("BTCUSDT"))).toBe(true);
  expect(reached(marketKeys.refreshInterval())).toBe(true);
  expect(reached(analysisKeys.active())).toBe(true);
  expect(reached(analysisKeys.detail(1))).toBe(false);
});

test("socket URL follows the page's scheme and host", () => {
  expect(marketSocketUrl({ protocol: "https:", host: "app.example.com" })).toBe("wss://app.example.com/ws/market");
  expect(marketSocketUrl({ protocol: "http:", host: "localhost:4100" })).toBe("ws://localhost:4100/ws/market");
});

describe("reconnectDelayMs", () => {
  test("doubles from 4 s per failed attempt and stops at 30 s", () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 10].map((a) => reconnectDelayMs(a, none))).toEqual([4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelayMs(-1, none)).toBe(RECONNECT_MS);
  });
  test("adds up to a quarter at random, so clients dropped together come back spread out", () => {
    expect(reconnectDelayMs(0, () => 1)).toBe(RECONNECT_MS * (1 + RECONNECT_JITTER));
    expect(reconnectDelayMs(9, () => 1)).toBe(RECONNECT_MAX_MS * (1 + RECONNECT_JITTER));
    expect(reconnectDelayMs(0, () => 7)).toBe(RECONNECT_MS * (1 + RECONNECT_JITTER));
    const delays = Array.from({ length: 200 }, () => reconnectDelayMs(0));
    for (const d of delays) expect(d >= RECONNECT_MS && d <= RECONNECT_MS * (1 + RECONNECT_JITTER)).toBe(true);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });
});
