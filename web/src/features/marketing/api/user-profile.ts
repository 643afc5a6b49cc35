// GET /api/user/profile (signed in): name and e-mail used to prefill the contact form.
import { useQuery } from "@tanstack/react-query";
import { useIsSignedIn } from "@web/lib/session";
import { marketingKeys } from "./keys";
import { isObj, str, unwrap } from "./read";

export type ProfileContact = { name: string; email: string };

export function normalizeProfileContact(raw: unknown): ProfileContact | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const name = [str(data, "first_name", "firstName"), str(data, "last_name", "lastName")].filter(Boolean).join(" ");
  return { name, email: str(data, "email") ?? "" };
}

export function useProfileContact() {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: marketingKeys.userProfile, select: normalizeProfileContact, enabled: signedIn });
}
