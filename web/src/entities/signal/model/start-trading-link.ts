// A link into Start Trading with the pair filled in (`/trading?symbol=SOLUSDT`), and reading it back on that screen.
export const PRESELECT_PARAM = "symbol";

export const startTradingHref = (symbol: string) => `/trading?${new URLSearchParams({ [PRESELECT_PARAM]: symbol })}`;

/** The pair a link asks to preselect, upper-cased; null when absent or not a supported pair. */
export function preselectedSymbol(search: URLSearchParams, supported: ReadonlySet<string>): string | null {
  const symbol = search.get(PRESELECT_PARAM)?.trim().toUpperCase();
  return symbol && supported.has(symbol) ? symbol : null;
}
