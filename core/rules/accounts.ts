// Account rules shared by the web forms and the auth endpoints (spec 01 §5): e-mail shape, password rules, strength.

export const PASSWORD_MIN_LENGTH = 6;
export const DEVICE_CODE_LENGTH = 6;

export const PASSWORD_MESSAGES = {
  tooShort: "Password must be at least 6 characters.",
  noUppercase: "Password must contain at least one uppercase letter (A-Z).",
  mismatch: "Passwords do not match.",
  sameAsCurrent: "New password must be different from current password.",
} as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Longest e-mail address accepted anywhere (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * "something@something.something" without spaces and with one @, checked in linear time. The regex it replaces
 * (/^[^\s@]+@[^\s@]+\.[^\s@]+$/) backtracks quadratically on a long run of dots; the length is bounded first anyway.
 */
export function isValidEmail(raw: string): boolean {
  if (raw.length > EMAIL_MAX_LENGTH + 64) return false;
  const email = raw.trim();
  if (email.length > EMAIL_MAX_LENGTH || /\s/.test(email)) return false;
  const at = email.indexOf("@");
  if (at <= 0 || at !== email.lastIndexOf("@")) return false;
  // A dot inside the domain with at least one character on each side.
  return email.slice(at + 2, -1).includes(".");
}

/** Providers that ignore dots in the local part. */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, for "one free credit per mailbox": lower case, "+tag" dropped, and for Gmail the
 * dots dropped and googlemail.com folded into gmail.com. Not used for sign-in: the address stays what the user typed.
 */
export function canonicalMailbox(email: string): string {
  const e = normalizeEmail(email);
  const at = e.lastIndexOf("@");
  if (at <= 0) return e;
  let local = e.slice(0, at).split("+")[0];
  let domain = e.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** The first broken password rule, or null. Order matches what a person fixes first. */
export function passwordProblem(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (!/[A-Z]/.test(password)) return PASSWORD_MESSAGES.noUppercase;
  if (password !== confirm) return PASSWORD_MESSAGES.mismatch;
  return null;
}

export type StrengthLabel = "Weak" | "Medium" | "Strong";

/**
 * Strength per spec 01 §5: 2 points for 12+ characters, 1 for 8+, one each for lowercase, uppercase, digit, symbol.
 * The reset screen counts an underscore as "lowercase" (lowercaseOrUnderscore).
 */
export function passwordStrength(password: string, opts: { lowercaseOrUnderscore?: boolean } = {}) {
  let score = password.length >= 12 ? 2 : password.length >= 8 ? 1 : 0;
  if ((opts.lowercaseOrUnderscore ? /[a-z_]/ : /[a-z]/).test(password)) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  const label: StrengthLabel = password.length >= 6 && score >= 5 ? "Strong" : password.length < 6 || score < 3 ? "Weak" : "Medium";
  return { score, label, showVarietyHint: password.length >= 6 && password.length <= 7 };
}
