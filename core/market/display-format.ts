// Display rules shared by the web app and the engine's reasoning text, so a price or a moment reads the same in a
// table, a drawer and a sentence: spec 02 §5's price precision and minute-precision UTC moments.

const fixed = (digits: number) => new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const PRICE_FORMATS = Array.from({ length: 11 }, (_, d) => fixed(d));

/**
 * Decimals for a price: 2 at >= 100, 3 at >= 1, otherwise 5 (by magnitude, so negatives follow the same rule). Below
 * 0.001, where 5 decimals keep fewer than 3 digits (PEPE at 0.00001234 would read "0.00001"), 4 significant digits, at
 * most 10 decimals: the pair's own precision, as its tick records it.
 */
export function priceDecimals(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 100) return 2;
  if (abs >= 1) return 3;
  if (abs >= 0.001 || abs === 0) return 5;
  return Math.min(10, Math.ceil(-Math.log10(abs)) + 3);
}

/** A price by spec 02 §5 ('64,210.12', '1.500', '0.52341', a sub-cent coin '0.00001234'); '—' when there is none. */
export function formatPrice(value: number | null | undefined): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  return PRICE_FORMATS[priceDecimals(value)].format(value);
}

/** '2024-09-07 14:00 UTC': a moment to the minute, the same for every reader; '—' when unreadable. */
export function formatUtcMinute(at: string | number | Date | null | undefined): string {
  const d = at === null || at === undefined || at === "" ? null : new Date(at);
  if (!d || Number.isNaN(d.getTime())) return "—";
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
