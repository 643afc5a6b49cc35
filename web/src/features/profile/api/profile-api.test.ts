// Sessions card rules: the display form and "one per device" grouped by device_id, not by the display name.
import { expect, test } from "bun:test";
import type { Session } from "@core/contract/session";
import { onePerDevice, toDisplaySession } from "./profile-api";

const NOW = Date.parse("2025-06-10T12:00:00Z");
const session = (id: number, over: Partial<Session> = {}): Session => {
  const at = new Date(NOW - id * 60_000).toISOString();
  return {
    id,
    device_id: `dev-${id}`,
    device_name: "Chrome on Linux",
    device_type: "desktop",
    browser: "Chrome",
    os: "Linux",
    ip_address: "10.0.0.1",
    location_city: null,
    location_country: null,
    remember_me: false,
    status: "active",
    is_current: false,
    expires_at: at,
    last_seen_at: at,
    updated_at: at,
    created_at: at,
    ...over,
  };
};
const shown = (list: Session[], current: number | null = null) =>
  onePerDevice(list.map((s) => toDisplaySession({ ...s, is_current: s.id === current }, NOW))).map((s) => s.id);

test("two devices with the same display name stay two rows", () => {
  expect(shown([session(1, { device_id: "laptop" }), session(2, { device_id: "desktop" })])).toEqual([1, 2]);
});

test("sessions of one device (renamed between sign-ins) collapse to the newest, or to the current one", () => {
  const list = [session(1, { device_id: "phone", device_name: "Safari on iOS" }), session(2, { device_id: "phone", device_name: "Mobile Safari" })];
  expect(shown(list)).toEqual([1]);
  expect(shown(list, 2)).toEqual([2]);
});

test("a session without a device id is never merged with another", () => {
  expect(shown([session(1, { device_id: " " }), session(2, { device_id: "" }), session(3, { device_id: "x" })])).toEqual([1, 2, 3]);
});

test("the display form carries the device id and the server's current mark", () => {
  expect(toDisplaySession(session(5, { device_id: " abc " }), NOW)).toMatchObject({ id: 5, deviceId: "abc", name: "Chrome on Linux" });
  expect(toDisplaySession(session(6, { device_id: "", is_current: true }), NOW)).toMatchObject({ deviceId: null, isCurrent: true });
});

test("a session without a device name is named by browser and system, then 'Unknown device'; phones get the phone icon", () => {
  expect(toDisplaySession(session(7, { device_name: "" }), NOW)).toMatchObject({ name: "Chrome on Linux", icon: "desktop" });
  expect(toDisplaySession(session(8, { device_name: "", browser: null, os: null }), NOW).name).toBe("Unknown device");
  expect(toDisplaySession(session(9, { device_type: "mobile" }), NOW).icon).toBe("phone");
  expect(toDisplaySession(session(10, { location_city: "Oslo", location_country: "Norway", ip_address: null }), NOW)).toMatchObject({
    location: "Oslo, Norway",
    ip: "Unknown IP",
    lastSeen: "10 min ago",
  });
});
