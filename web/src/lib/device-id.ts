// Device identifier (spec 01 §3): one random id per browser, kept under `trade_device_id`, sent with login/registration.
export const DEVICE_ID_KEY = "trade_device_id";
/** Keys used by earlier client versions; their value is carried over so a known device stays known. */
export const LEGACY_DEVICE_ID_KEYS = ["device_id", "tw_device_id"] as const;
export const SERVER_DEVICE_ID = "unknown-device";

/** The slice of Web Storage this module needs, so the logic runs against any key-value store. */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

type RandomSource = {
  randomUUID?: () => string;
  getRandomValues?: <T extends ArrayBufferView>(array: T) => T;
};

/** A v4 UUID: crypto.randomUUID when present, else built from getRandomValues, else Math.random as a last resort. */
export function generateDeviceId(random: RandomSource | undefined = globalThis.crypto): string {
  if (random?.randomUUID) return random.randomUUID();
  const bytes = new Uint8Array(16);
  if (random?.getRandomValues) random.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Current id from the store, migrating a legacy key, or a new id saved for next time. */
export function resolveDeviceId(store: KeyValueStore, random?: RandomSource): string {
  const current = store.getItem(DEVICE_ID_KEY);
  if (current) return current;
  for (const key of LEGACY_DEVICE_ID_KEYS) {
    const legacy = store.getItem(key);
    if (legacy) {
      store.setItem(DEVICE_ID_KEY, legacy);
      store.removeItem(key);
      return legacy;
    }
  }
  const id = generateDeviceId(random);
  store.setItem(DEVICE_ID_KEY, id);
  return id;
}

// Fallback when storage is blocked: stable for this page load at least.
let memoryId: string | null = null;

export function getDeviceId(): string {
  if (typeof window === "undefined") return SERVER_DEVICE_ID;
  try {
    return resolveDeviceId(window.localStorage);
  } catch {
    memoryId ??= generateDeviceId();
    return memoryId;
  }
}
