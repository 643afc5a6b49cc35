// The decoder of the favorites list cached in localStorage (written by this tab, another, or an older build).

/** The cached list of symbols, or null when it is not a JSON array of strings. */
export function decodeFavoritesCache(raw: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every((s) => typeof s === "string") ? parsed : null;
  } catch {
    return null;
  }
}
