// Device id: reuse, migration of older keys, generation and the UUID fallback when no secure random source exists.
import { describe, expect, test } from "bun:test";
import { DEVICE_ID_KEY, generateDeviceId, getDeviceId, resolveDeviceId, type KeyValueStore } from "./device-id";

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("resolveDeviceId", () => {
  test("returns the stored id unchanged", () => {
    const store = memoryStore({ trade_device_id: "abc-123", device_id: "old" });
    expect(resolveDeviceId(store)).toBe("abc-123");
    expect(store.data.get("device_id")).toBe("old");
  });

  test("migrates device_id to trade_device_id and removes the old key", () => {
    const store = memoryStore({ device_id: "legacy-1" });
    expect(resolveDeviceId(store)).toBe("legacy-1");
    expect(Object.fromEntries(store.data)).toEqual({ trade_device_id: "legacy-1" });
  });

  test("migrates tw_device_id when device_id is absent", () => {
    const store = memoryStore({ tw_device_id: "legacy-2" });
    expect(resolveDeviceId(store)).toBe("legacy-2");
    expect(Object.fromEntries(store.data)).toEqual({ trade_device_id: "legacy-2" });
  });

  test("generates and stores a new id once, then reuses it", () => {
    const store = memoryStore();
    const id = resolveDeviceId(store);
    expect(id).toMatch(UUID_V4);
    expect(store.data.get(DEVICE_ID_KEY)).toBe(id);
    expect(resolveDeviceId(store)).toBe(id);
  });
});

describe("generateDeviceId", () => {
  test("uses randomUUID when present", () => {
    expect(generateDeviceId({ randomUUID: () => "fixed-uuid" })).toBe("fixed-uuid");
  });
  test("builds a v4 UUID from getRandomValues without randomUUID", () => {
    const id = generateDeviceId({
      getRandomValues: <T extends ArrayBufferView>(a: T) => {
        new Uint8Array(a.buffer).fill(0xff);
        return a;
      },
    });
    expect(id).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
  });
  test("falls back to Math.random with no crypto at all", () => {
    const a = generateDeviceId({});
    expect(a).toMatch(UUID_V4);
    expect(generateDeviceId({})).not.toBe(a);
  });
});

test("outside a browser the id is the literal unknown-device", () => {
  expect(typeof window).toBe("undefined");
  expect(getDeviceId()).toBe("unknown-device");
});
