// The one decoder of a socket frame: the contract's messages come through in the contract's spelling, anything else is null.
import { expect, test } from "bun:test";
import { decodeSocketFrame } from "./decode-socket";

const read = (frame: unknown) => decodeSocketFrame(JSON.stringify(frame));

test("text frames holding a JSON object of a known type only", () => {
  expect(decodeSocketFrame('{"type":"pong"}')).toEqual({ type: "pong" });
  expect(decodeSocketFrame("[1]")).toBeNull();
  expect(decodeSocketFrame("nope")).toBeNull();
  expect(decodeSocketFrame(new ArrayBuffer(2))).toBeNull();
  expect(read({ type: "no_such_type", data: {} })).toBeNull();
  expect(read({ data: {} })).toBeNull();
  expect(read({ type: "movers" })).toBeNull();
});

test("an alert push comes through with its title and stage; one without is not an alert", () => {
  const data = { kind: "TP_HIT", title: "BTCUSDT LONG · Take profit hit", detail: "Result +2.00R after costs." };
  expect(read({ type: "alert", data })).toEqual({ type: "alert", data } as never);
  expect(read({ type: "alert", data: { kind: "TP_HIT" } })).toBeNull();
});

test("analysis progress is read by the contract's request_id alone (the server encodes that shape); without it the push is dropped", () => {
  const progress = (data: object) => read({ type: "analysis_progress", data });
  const data = { request_id: 9, status: "COMPLETED", final_signal_type: "LONG" };
  expect(progress(data)).toEqual({ type: "analysis_progress", data } as never);
  expect(progress({ analysis_request_id: 7, status: "COMPLETED" })).toBeNull();
  expect(progress({ id: 8 })).toBeNull();
  expect(progress({ request_id: "9" })).toBeNull();
});

test("an order book needs the symbol in its body; control messages keep their fields", () => {
  expect(read({ type: "orderbook", data: { symbol: "ETHUSDT" } })).toEqual({ type: "orderbook", data: { symbol: "ETHUSDT" } });
  expect(read({ type: "orderbook", symbol: "BTCUSDT", data: {} })).toBeNull();
  expect(read({ type: "authenticated", data: { user_id: 3 } })).toEqual({ type: "authenticated", data: { user_id: 3 } });
  expect(read({ type: "auth_revoked" })).toEqual({ type: "auth_revoked", detail: "" });
  expect(read({ type: "subscribed", topics: ["market", 5] })).toEqual({ type: "subscribed", topics: ["market"] });
  expect(read({ type: "user_changed", data: { extra: 1 } })).toEqual({ type: "user_changed", data: {} });
});
