// Number formatting for reasoning text: fixed en-US grouping and the app's display rules, so output is deterministic
// and reads as the screens show the same figures.

/** Prices and moments by the app's display rules (spec 02 §5: 2 decimals at >= 100, 3 at >= 1, else 5; UTC minutes). */
export { formatPrice as fmtPrice, formatUtcMinute as fmtUtc } from "@core/market/display-format";

/** Signed percent with 2 decimals: +1.23% / -0.40%. */
export function fmtPct(fraction: number, decimals = 2): string {
  const v = fraction * 100;
  return `${v >= 0 ? "+" : ""}${v.toFixed(decimals)}%`;
}

/** A signed figure with a real minus sign ('+0.04', '−0.07'), the same in every line of the reasoning. */
export const signed = (x: number, decimals: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(decimals)}`;

/** An expected R: '+0.04R', '−0.07R' (the scan's side lines wrote '-0.07R' while the phase lines wrote '−0.07R'). */
export const signedR = (r: number) => `${signed(r, 2)}R`;

export function fmtNum(x: number, decimals = 1): string {
  return x.toFixed(decimals);
}

/** English ordinal: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 101st, 111th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** Cut to `max` characters with an ellipsis, on a word boundary when one is near. */
export function clip(text: string, max = 140): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return (space > max - 30 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, "") + "…";
}
