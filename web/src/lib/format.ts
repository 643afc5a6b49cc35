// Number display rules shared by every screen (spec 02 §5 price precision, signed percents and R, money, dates).
const fixed = (digits: number) => new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const FIXED = [fixed(0), fixed(1), fixed(2), fixed(3), fixed(4), fixed(5)];

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

// The price rule and UTC minutes are shared with the engine's reasoning text.
export { formatPrice, formatUtcMinute, priceDecimals } from "@core/market/display-format";

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

/** A result in R, sign always shown with a true minus: '+0.04R', '−0.12R'; what rounds to zero reads '0.00R'. */
export function formatSignedR(value: number | null | undefined, digits = 2): string {
  if (!isNum(value)) return "—";
  const rounded = Number(value.toFixed(digits));
  const text = `${FIXED[Math.min(digits, 5)].format(Math.abs(rounded))}R`;
  if (rounded > 0) return `+${text}`;
  if (rounded < 0) return `−${text}`;
  return text;
}

/** A number that is already a percent (0.24 → '0.24%'), as the engine's *_pct fields are. */
export function formatPercentNumber(value: number | null | undefined, digits = 2): string {
  if (!isNum(value)) return "—";
  return `${FIXED[Math.min(digits, 5)].format(value)}%`;
}

/** 'credit' for one, 'credits' otherwise: '1 credit', '0 credits', '5 credits'. */
export const creditsWord = (n: number | null | undefined) => (n === 1 ? "credit" : "credits");

const UTC_CLOCK = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
const UTC_CLOCK_SECONDS = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const UTC_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

const validDate = (iso: string | number | null | undefined) => {
  const d = iso === null || iso === undefined || iso === "" ? null : new Date(iso);
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/** '14:05 UTC' (or '14:05:09 UTC'): the app's one clock, 24-hour UTC, named. */
export function formatUtcClock(iso: string | number | null | undefined, opts: { seconds?: boolean } = {}): string {
  const d = validDate(iso);
  if (!d) return "—";
  return `${(opts.seconds ? UTC_CLOCK_SECONDS : UTC_CLOCK).format(d)} UTC`;
}

/** 'Nov 15, 14:05 UTC': a recent moment with its day, 24-hour UTC. */
export function formatUtcDayTime(iso: string | number | null | undefined, opts: { seconds?: boolean } = {}): string {
  const d = validDate(iso);
  if (!d) return "—";
  return `${UTC_DAY.format(d)}, ${formatUtcClock(d.getTime(), opts)}`;
}

const monthYear = (d: Date) => ({ month: d.toLocaleDateString("en-US", { month: "short", timeZone: "UTC" }), year: d.getUTCFullYear() });

/** 'Mar–Sep 2024', 'Nov 2023–Feb 2024' or 'Mar 2024' (UTC months); null when either end is unreadable. */
export function formatMonthRange(from: string | null | undefined, to: string | null | undefined): string | null {
  const a = from ? new Date(from) : null;
  const b = to ? new Date(to) : null;
  if (!a || !b || Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return null;
  const x = monthYear(a);
  const y = monthYear(b);
  if (x.year !== y.year) return `${x.month} ${x.year}–${y.month} ${y.year}`;
  if (x.month === y.month) return `${y.month} ${y.year}`;
  return `${x.month}–${y.month} ${y.year}`;
}
