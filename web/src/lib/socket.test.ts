// The one read of a socket frame: the contract's messages come through (spellings folded), anything else is null.
import { expect, test } from "bun:test";
import { readSocketMessage } from "./socket";

const read = (frame: unknown) => readSocketMessage(JSON.stringify(frame));

test("text frames holding a JSON object of a known type only", () => {
  expect(readSocketMessage('{"type":"pong"}')).toEqual({ type: "pong" });
  expect(readSocketMessage("[1]")).toBeNull();
  expect(readSocketMessage("nope")).toBeNull();
  expect(readSocketMessage(new ArrayBuffer(2))).toBeNull();
  expect(read({ type: "no_such_type", data: {} })).toBeNull();
  expect(read({ data: {} })).toBeNull();
  expect(read({ type: "movers" })).toBeNull();
});

test("an alert push comes through with its title and stage; one without is not an alert", () => {
  const data = { kind: "TP_HIT", title: "BTCUSDT LONG · Take profit hit", detail: "Result +2.00R after costs." };
  expect(read({ type: "alert", data })).toEqual({ type: "alert", data } as never);
  expect(read({ type: "alert", data: { kind: "TP_HIT" } })).toBeNull();
});

test("an analysis id's other spellings are folded into request_id; without one the push is dropped", () => {
  const progress = (data: object) => read({ type: "analysis_progress", data });
  expect(progress({ analysis_request_id: 7, status: "RUNNING" })).toEqual({
    type: "analysis_progress",
    data: { analysis_request_id: 7, request_id: 7, status: "RUNNING" },
  } as never);
  expect(progress({ id: 8 })).toMatchObject({ data: { request_id: 8 } });
  expect(progress({ request_id: 9, id: 1 })).toMatchObject({ data: { request_id: 9 } });
  expect(progress({ status: "RUNNING" })).toBeNull();
});

test("an order book named beside its body has the symbol folded in; control messages keep their fields", () => {
  expect(read({ type: "orderbook", symbol: "btcusdt", data: {} })).toEqual({ type: "orderbook", data: { symbol: "btcusdt" } });
  expect(read({ type: "orderbook", data: { symbol: "ETHUSDT" } })).toEqual({ type: "orderbook", data: { symbol: "ETHUSDT" } });
  expect(read({ type: "authenticated", data: { user_id: 3 } })).toEqual({ type: "authenticated", data: { user_id: 3 } });
  expect(read({ type: "auth_revoked" })).toEqual({ type: "auth_revoked", detail: "" });
  expect(read({ type: "subscribed", topics: ["market", 5] })).toEqual({ type: "subscribed", topics: ["market"] });
  expect(read({ type: "user_changed", data: { extra: 1 } })).toEqual({ type: "user_changed", data: {} });
});
