// The one reading of the user profile in either spelling (snake or camel case), and the names screens build from it.
import { isObj, num, str, unwrap } from "@web/lib/decode";

export type UserProfile = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  createdAt: string | null;
  credits: number | null;
};

export function readProfile(raw: unknown): UserProfile | null {
  const d = unwrap(raw);
  if (!isObj(d)) return null;
  return {
    firstName: str(d, "first_name", "firstName"),
    lastName: str(d, "last_name", "lastName"),
    email: str(d, "email"),
    createdAt: str(d, "createdAt", "created_at"),
    credits: num(d, "credits"),
  };
}

/** The dashboard greeting: the first name, or 'Trader' when the profile has none. */
export const greetingName = (p: UserProfile | null) => p?.firstName?.trim() || "Trader";

/** 'Ada Lovelace', from the parts present. */
export const fullName = (p: UserProfile) => [p.firstName, p.lastName].filter(Boolean).join(" ");
