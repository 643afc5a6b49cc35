// Small localStorage values the auth screens share: remembered e-mail and the "just registered" flag.
export const REMEMBER_EMAIL_KEY = "tw_remember_email";
export const REGISTERED_FLAG_KEY = "tw_just_registered";

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked: the feature degrades to "not remembered"
  }
}
