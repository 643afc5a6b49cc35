// Socket message routing: each market type lands in its query key; analysis progress names the queries to invalidate.
import { describe, expect, test } from "bun:test";
import { marketKeys } from "../api/keys";
import { analysisKeyMatcher, marketSocketUrl, mergeSnapshot, parseSocketMessage, routeSocketMessage } from "./socket-messages";

describe("routeSocketMessage", () => {
  test("market topics map to their REST query keys", () => {
    expect(routeSocketMessage({ type: "market_health", data: { status: "WEAK" } })).toEqual({ kind: "market", key: marketKeys.health, data: { status: "WEAK" } });
    expect(routeSocketMessage({ type: "gate_decision", data: 1 })).toEqual({ kind: "market", key: ["/api/market/pre-analysis"], data: 1 });
    expect(routeSocketMessage({ type: "core_assets", data: {} })).toEqual({ kind: "market", key: ["/api/market/core-assets?symbols=BTCUSDT,ETHUSDT"], data: {} });
    expect(routeSocketMessage({ type: "movers", data: {} }).kind).toBe("market");
    expect(routeSocketMessage({ type: "session", data: {} })).toEqual({ kind: "market", key: ["/api/market/session"], data: {} });
  });
  test("orderbook goes to its symbol's key, from data.symbol or the message", () => {
    expect(routeSocketMessage({ type: "orderbook", data: { symbol: "ETHUSDT" } })).toEqual({ kind: "market", key: ["/api/market/orderbook?symbol=ETHUSDT"], data: { symbol: "ETHUSDT" } });
    expect(routeSocketMessage({ type: "orderbook", symbol: "btcusdt", data: {} })).toEqual({ kind: "market", key: ["/api/market/orderbook?symbol=BTCUSDT"], data: {} });
    expect(routeSocketMessage({ type: "orderbook", data: {} })).toEqual({ kind: "ignore" });
  });
  test("analysis progress carries the request id; control messages are ignored", () => {
    expect(routeSocketMessage({ type: "analysis_progress", data: { request_id: 7, status: "COMPLETED" } })).toEqual({ kind: "analysis", id: 7, data: { request_id: 7, status: "COMPLETED" } });
    expect(routeSocketMessage({ type: "subscribed", topics: ["market"] })).toEqual({ kind: "ignore" });
    expect(routeSocketMessage({ type: "error", detail: "x" })).toEqual({ kind: "ignore" });
  });
});

test("parseSocketMessage accepts JSON objects only", () => {
  expect(parseSocketMessage('{"type":"pong"}')).toEqual({ type: "pong" });
  expect(parseSocketMessage("[1]")).toBeNull();
  expect(parseSocketMessage("nope")).toBeNull();
});

test("mergeSnapshot keeps the envelope and replaces data", () => {
  expect(mergeSnapshot({ data: { a: 1 }, computed_at: "t", derived: true }, { a: 2 })).toEqual({ data: { a: 2 }, computed_at: "t", derived: true });
  expect(mergeSnapshot(undefined, 5)).toEqual({ data: 5 });
});

test("analysisKeyMatcher: active list, detail and reasoning of that id only", () => {
  const m = analysisKeyMatcher(12);
  expect(m(["/api/analysis/active"])).toBe(true);
  expect(m(["/api/analysis/12"])).toBe(true);
  expect(m(["/api/analysis/12/latest-reasoning?limit=900"])).toBe(true);
  expect(m(["/api/analysis/detail/12"])).toBe(true);
  expect(m(["/api/analysis/123"])).toBe(false);
  expect(m(["/api/analysis/1"])).toBe(false);
  expect(m(["/api/analysis/history"])).toBe(false);
});

test("socket URL follows the page's scheme and host", () => {
  expect(marketSocketUrl({ protocol: "https:", host: "app.example.com" })).toBe("wss://app.example.com/ws/market");
  expect(marketSocketUrl({ protocol: "http:", host: "localhost:4100" })).toBe("ws://localhost:4100/ws/market");
});
