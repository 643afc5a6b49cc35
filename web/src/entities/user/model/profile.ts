// The names screens build from the user profile (decoded by api/decode-user).
import type { UserProfile } from "../api/decode-user";

export type { UserProfile };

/** The dashboard greeting: the first name, or 'Trader' when the profile has none. */
export const greetingName = (p: UserProfile | null) => p?.firstName?.trim() || "Trader";

/** 'Ada Lovelace', from the parts present. */
export const fullName = (p: UserProfile) => [p.firstName, p.lastName].filter(Boolean).join(" ");
