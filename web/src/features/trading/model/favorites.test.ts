// Favorites: the 100 cap, toggling, counter, quick chips and the versioned per-user local cache.
import { describe, expect, test } from "bun:test";
import {
  MAX_FAVORITES,
  canAddFavorite,
  favoritesCacheKey,
  favoritesCounter,
  quickChips,
  readCachedFavorites,
  toggledFavorites,
  writeCachedFavorites,
} from "./favorites";

const hundred = Array.from({ length: MAX_FAVORITES }, (_, i) => `C${i}USDT`);

function memoryStore() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe("cap", () => {
  test("a 101st favorite is refused, an existing one is reported as such", () => {
    expect(canAddFavorite(hundred.slice(0, 99), "BTCUSDT")).toBe("ok");
    expect(canAddFavorite(hundred, "BTCUSDT")).toBe("limit");
    expect(canAddFavorite(hundred, "C5USDT")).toBe("exists");
    expect(favoritesCounter(0)).toBe("0 / 100");
    expect(favoritesCounter(100)).toBe("100 / 100");
  });

  test("toggle appends or removes; quick chips are the first three", () => {
    expect(toggledFavorites(["BTCUSDT"], "ETHUSDT")).toEqual(["BTCUSDT", "ETHUSDT"]);
    expect(toggledFavorites(["BTCUSDT", "ETHUSDT"], "BTCUSDT")).toEqual(["ETHUSDT"]);
    expect(quickChips(["A", "B", "C", "D"])).toEqual(["A", "B", "C"]);
    expect(quickChips(["A"])).toEqual(["A"]);
  });
});

describe("local cache", () => {
  test("stores an array of strings under a versioned per-user key", () => {
    const store = memoryStore();
    writeCachedFavorites(store, "42", ["BTCUSDT", "SOLUSDT"]);
    expect(favoritesCacheKey("42")).toBe("tw.favorites.v1:42");
    expect(store.data.get("tw.favorites.v1:42")).toBe('["BTCUSDT","SOLUSDT"]');
    expect(readCachedFavorites(store, "42")).toEqual(["BTCUSDT", "SOLUSDT"]);
    expect(readCachedFavorites(store, "43")).toBeNull();
  });

  test("ignores corrupt or foreign values and upper-cases", () => {
    const store = memoryStore();
    store.setItem("tw.favorites.v1:1", "not json");
    store.setItem("tw.favorites.v1:2", '{"a":1}');
    store.setItem("tw.favorites.v1:3", '["btcusdt", 5]');
    store.setItem("tw.favorites.v1:4", '["ethusdt"]');
    expect(readCachedFavorites(store, "1")).toBeNull();
    expect(readCachedFavorites(store, "2")).toBeNull();
    expect(readCachedFavorites(store, "3")).toBeNull();
    expect(readCachedFavorites(store, "4")).toEqual(["ETHUSDT"]);
    expect(readCachedFavorites(undefined, "4")).toBeNull();
  });
});
