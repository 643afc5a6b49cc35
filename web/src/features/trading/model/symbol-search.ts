// Symbol combobox search (spec 02 §5): prefix beats substring beats in-order subsequence, favorites first, at most 60.
export const DROPDOWN_LIMIT = 60;

export type MatchKind = "prefix" | "substring" | "subsequence" | "all";
export type SymbolMatch = {
  symbol: string;
  kind: MatchKind;
  favorite: boolean /** positions of matched letters, for highlighting */;
  indices: number[];
};
export type HighlightPart = { text: string; hit: boolean };

const KIND_RANK: Record<MatchKind, number> = { all: 0, prefix: 0, substring: 1, subsequence: 2 };

/** What the user typed, as the server reads it: trimmed and upper-cased. */
export const normalizeSymbolInput = (raw: string) => raw.trim().toUpperCase();

const range = (from: number, length: number) => Array.from({ length }, (_, i) => from + i);

export function matchSymbol(symbol: string, query: string): { kind: MatchKind; indices: number[] } | null {
  if (query === "") return { kind: "all", indices: [] };
  if (symbol.startsWith(query)) return { kind: "prefix", indices: range(0, query.length) };
  const at = symbol.indexOf(query);
  if (at >= 0) return { kind: "substring", indices: range(at, query.length) };
  // Greedy left-to-right: finds an in-order match whenever one exists.
  const indices: number[] = [];
  let from = 0;
  for (const ch of query) {
    const i = symbol.indexOf(ch, from);
    if (i < 0) return null;
    indices.push(i);
    from = i + 1;
  }
  return { kind: "subsequence", indices };
}

/**
 * Ranks `symbols` against the query. Order: favorites before the rest, then match kind, then the list's own
 * order (the supported list is sorted by trading volume, so ties favour the liquid pairs).
 */
export function searchSymbols(
  rawQuery: string,
  symbols: readonly string[],
  favorites: readonly string[],
  options: { favoritesOnly?: boolean; limit?: number } = {},
): SymbolMatch[] {
  const query = normalizeSymbolInput(rawQuery);
  const favs = new Set(favorites);
  const scored: Array<SymbolMatch & { order: number }> = [];
  symbols.forEach((symbol, order) => {
    const favorite = favs.has(symbol);
    if (options.favoritesOnly && !favorite) return;
    const m = matchSymbol(symbol, query);
    if (m) scored.push({ symbol, favorite, ...m, order });
  });
  scored.sort((a, b) => Number(b.favorite) - Number(a.favorite) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.order - b.order);
  return scored.slice(0, options.limit ?? DROPDOWN_LIMIT).map(({ order: _order, ...m }) => m);
}

/** Splits a symbol into runs of matched and unmatched letters for <mark> rendering. */
export function highlightParts(symbol: string, indices: readonly number[]): HighlightPart[] {
  const hits = new Set(indices);
  const parts: HighlightPart[] = [];
  for (let i = 0; i < symbol.length; i++) {
    const hit = hits.has(i);
    const last = parts[parts.length - 1];
    if (last && last.hit === hit) last.text += symbol[i];
    else parts.push({ text: symbol[i], hit });
  }
  return parts;
}
