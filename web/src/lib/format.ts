// Number display rules shared by every screen (spec 02 §5 price precision, signed percents, money, dates).
const fixed = (digits: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const FIXED = [fixed(0), fixed(1), fixed(2), fixed(3), fixed(4), fixed(5)];

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Decimals for a price: 2 at >= 100, 3 at >= 1, otherwise 5 (by magnitude, so negatives follow the same rule). */
export function priceDecimals(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 100) return 2;
  if (abs >= 1) return 3;
  return 5;
}

export function formatPrice(value: number | null | undefined): string {
  if (!isNum(value)) return "—";
  return FIXED[priceDecimals(value)].format(value);
}

/** '+1.23%', '-0.50%', '0.00%': the sign is always explicit for changes. */
export function formatSignedPercent(value: number | null | undefined, digits = 2): string {
  if (!isNum(value)) return "—";
  const rounded = Number(value.toFixed(digits));
  const text = FIXED[Math.min(digits, 5)].format(Math.abs(rounded));
  if (rounded > 0) return `+${text}%`;
  if (rounded < 0) return `-${text}%`;
  return `${text}%`;
}

/** A 0..1 ratio as a percent with the given decimals: 0.5432 → '54.3%'. */
export function formatRatioPercent(ratio: number | null | undefined, digits = 1): string {
  if (!isNum(ratio)) return "—";
  return `${FIXED[Math.min(digits, 5)].format(ratio * 100)}%`;
}

export function formatUsd(value: number): string {
  return `$${FIXED[2].format(value)}`;
}

export function formatCount(value: number): string {
  return FIXED[0].format(value);
}

/** 'Sep 25, 2025' in UTC, so every visitor reads the same date. */
export function formatDateUtc(iso: string | number | Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  return d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}
