// Sessions card rules: the display form and "one per device" grouped by device_id, not by the display name.
import { expect, test } from "bun:test";
import { onePerDevice, toDisplaySession, type ServerSession } from "./profile-api";

const NOW = Date.parse("2025-06-10T12:00:00Z");
const session = (id: number, over: Partial<ServerSession> = {}): ServerSession => ({
  id,
  device_id: `dev-${id}`,
  device_name: "Chrome on Linux",
  ip_address: "10.0.0.1",
  last_seen_at: new Date(NOW - id * 60_000).toISOString(),
  ...over,
});
const shown = (list: ServerSession[], current: number | null = null) =>
  onePerDevice(list.map((s) => toDisplaySession(s, current, NOW))).map((s) => s.id);

test("two devices with the same display name stay two rows", () => {
  expect(shown([session(1, { device_id: "laptop" }), session(2, { device_id: "desktop" })])).toEqual([1, 2]);
});

test("sessions of one device (renamed between sign-ins) collapse to the newest, or to the current one", () => {
  const list = [session(1, { device_id: "phone", device_name: "Safari on iOS" }), session(2, { device_id: "phone", device_name: "Mobile Safari" })];
  expect(shown(list)).toEqual([1]);
  expect(shown(list, 2)).toEqual([2]);
});

test("a session without a device id is never merged with another", () => {
  expect(shown([session(1, { device_id: undefined }), session(2, { device_id: "" }), session(3, { device_id: "x" })])).toEqual([1, 2, 3]);
});

test("the display form carries the device id", () => {
  expect(toDisplaySession(session(5, { device_id: " abc " }), null, NOW)).toMatchObject({ id: 5, deviceId: "abc", name: "Chrome on Linux" });
  expect(toDisplaySession(session(6, { device_id: undefined }), 6, NOW)).toMatchObject({ deviceId: null, isCurrent: true });
});
