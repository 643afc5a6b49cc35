// Number formatting for reasoning text: fixed en-US grouping and significant digits so output is deterministic.

/** Price with ~6 significant digits: 64,210.5 · 0.52341 · 0.0000123456. */
export function fmtPrice(p: number): string {
  if (!Number.isFinite(p)) return "n/a";
  const mag = p === 0 ? 0 : Math.floor(Math.log10(Math.abs(p)));
  const decimals = Math.min(12, Math.max(0, 5 - mag));
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: decimals, minimumFractionDigits: 0 }).format(p);
}

/** Signed percent with 2 decimals: +1.23% / -0.40%. */
export function fmtPct(fraction: number, decimals = 2): string {
  const v = fraction * 100;
  return `${v >= 0 ? "+" : ""}${v.toFixed(decimals)}%`;
}

export function fmtNum(x: number, decimals = 1): string {
  return x.toFixed(decimals);
}

/** Cut to `max` characters with an ellipsis, on a word boundary when one is near. */
export function clip(text: string, max = 140): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return (space > max - 30 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, "") + "…";
}
