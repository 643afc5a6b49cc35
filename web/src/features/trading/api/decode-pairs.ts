// The decoder of the Start Trading pairs (GET /api/market/symbols): the server's list with the ones its market data
// cannot serve and why, or the built-in list when that call fails (spec 02 §5).
import { SUPPORTED_SYMBOLS } from "@core/market/symbols";
import { isObj, unwrap } from "@web/lib/decode";

export type Pairs = {
  symbols: readonly string[];
  /** Listed pairs that cannot be analysed here, with the server's reason (e.g. "no recorded data in replay"). */
  unavailable: ReadonlyMap<string, string>;
};

export const BUILT_IN_PAIRS: Pairs = { symbols: SUPPORTED_SYMBOLS, unavailable: new Map() };

/** `{data: {symbols, count, provider, unavailable: {SYMBOL: reason}}}`, or the built-in list when unreadable or empty. */
export function readPairs(raw: unknown): Pairs {
  const data = unwrap(raw);
  if (!isObj(data) || !Array.isArray(data.symbols)) return BUILT_IN_PAIRS;
  const symbols = [...new Set(data.symbols.filter((s): s is string => typeof s === "string" && s.trim() !== "").map((s) => s.trim().toUpperCase()))];
  if (symbols.length === 0) return BUILT_IN_PAIRS;
  const listed = new Set(symbols);
  const unavailable = new Map<string, string>();
  if (isObj(data.unavailable)) {
    for (const [symbol, reason] of Object.entries(data.unavailable)) {
      const key = symbol.toUpperCase();
      if (listed.has(key) && typeof reason === "string" && reason.trim()) unavailable.set(key, reason.trim());
    }
  }
  return { symbols, unavailable };
}
