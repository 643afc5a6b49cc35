// Small localStorage values of the auth screens: the remembered e-mail, which must outlive the tab.
export const REMEMBER_EMAIL_KEY = "tw_remember_email";

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
