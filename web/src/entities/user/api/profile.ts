// GET /api/user/profile: the one place that names the endpoint; the dashboard greeting, the contact prefill and the
// profile page each pick what they need from the one cached answer.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { decodeProfile, type UserProfile } from "./decode-user";
import { userKeys } from "./keys";

/** Null when the session has ended (a 401 left after the refresh). */
export const fetchProfile = () => apiQuery<unknown>("/api/user/profile");

const asIs = (p: UserProfile | null) => p;

export function useProfile<T = UserProfile | null>(pick: (p: UserProfile | null) => T = asIs as (p: UserProfile | null) => T) {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: userKeys.profile(), queryFn: fetchProfile, enabled: signedIn, select: (raw) => pick(decodeProfile(raw)) });
}
