// Favorites rules (spec 02 §3, §5, §9): cap 100, 3 quick chips, a local cache under a versioned key per user.
import { decodeFavoritesCache } from "./decode-favorites-cache";

export const MAX_FAVORITES = 100;
export const QUICK_CHIP_COUNT = 3;
/** Bump the version when the stored shape changes; old entries are then simply ignored. */
export const FAVORITES_CACHE_PREFIX = "tw.favorites.v1";

export type AddCheck = "ok" | "exists" | "limit";

export function canAddFavorite(list: readonly string[], symbol: string): AddCheck {
  if (list.includes(symbol)) return "exists";
  return list.length >= MAX_FAVORITES ? "limit" : "ok";
}

/** The list after a toggle: removed when present, appended (oldest first, like the server) when absent. */
export function toggledFavorites(list: readonly string[], symbol: string): string[] {
  return list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol];
}

export const favoritesCounter = (count: number) => `${count} / ${MAX_FAVORITES}`;

export const quickChips = (list: readonly string[]) => list.slice(0, QUICK_CHIP_COUNT);

/** Per-user key: on a shared browser one account never sees another's list, even for the first paint. */
export const favoritesCacheKey = (userKey: string) => `${FAVORITES_CACHE_PREFIX}:${userKey}`;

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

export function readCachedFavorites(store: KeyValueStore | undefined, userKey: string): string[] | null {
  try {
    const raw = store?.getItem(favoritesCacheKey(userKey));
    if (!raw) return null;
    const cached = decodeFavoritesCache(raw);
    return cached ? cached.map((s) => s.toUpperCase()).slice(0, MAX_FAVORITES) : null;
  } catch {
    return null;
  }
}

export function writeCachedFavorites(store: KeyValueStore | undefined, userKey: string, list: readonly string[]): void {
  try {
    store?.setItem(favoritesCacheKey(userKey), JSON.stringify(list));
  } catch {
    // storage full or blocked: the server list still works, only the instant first paint is lost
  }
}
