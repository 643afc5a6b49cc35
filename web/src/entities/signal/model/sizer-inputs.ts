// The sizer's two typed inputs: parsed and checked with the server's bounds (0 < account ≤ 1e9 USDT, 0 < risk ≤ 10 %).
export const ACCOUNT_MAX = 1e9;
export const RISK_MAX = 10;
/** Shown until the trader saves a risk of their own: the common 1 % rule. */
export const DEFAULT_RISK = "1";

export type ParsedInputs = { account: number; risk: number } | null;

/** A typed number ("10,000" and " 2.5 " read fine); null when it is not one. */
export function parseAmount(text: string): number | null {
  const t = text.replace(/[,\s_]/g, "");
  if (t === "" || !/^\d*\.?\d*$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function accountError(text: string): string | null {
  if (text.trim() === "") return null;
  const n = parseAmount(text);
  return n !== null && n > 0 && n <= ACCOUNT_MAX ? null : "Enter a size above 0, up to 1,000,000,000 USDT.";
}

export function riskError(text: string): string | null {
  const n = parseAmount(text);
  return n !== null && n > 0 && n <= RISK_MAX ? null : "Enter a risk above 0 and at most 10%.";
}

export function parseInputs(account: string, risk: string): ParsedInputs {
  const a = parseAmount(account);
  const r = parseAmount(risk);
  if (a === null || r === null || accountError(account) || riskError(risk)) return null;
  return { account: a, risk: r };
}
