// The signed-in user's credits for display and for the start check: /api/credits/balance, falling back to the
// profile's credits when the balance call fails; and a fresh read for a start that finds the number unknown.
import type { QueryClient } from "@tanstack/react-query";
import { creditBalanceQuery, useCreditBalance } from "../api/credit-balance";
import { decodeCredits, decodeProfile } from "../api/decode-user";
import { userKeys } from "../api/keys";
import { fetchProfile, useProfile } from "../api/profile";
import { pickCredits } from "../model/credits";

const profileCredits = (p: { credits: number | null } | null) => p?.credits ?? null;

export function useCredits(): { credits: number | null; loading: boolean } {
  const balance = useCreditBalance();
  const profile = useProfile(profileCredits);
  const credits = pickCredits(balance.data, balance.isError, profile.data);
  const loading = credits === null && (balance.isPending || (balance.isError && profile.isPending)) && balance.fetchStatus !== "idle";
  return { credits, loading };
}

/** Reads the balance now (then the profile when that fails); null when neither answers with a number. */
export async function fetchCreditsNow(qc: QueryClient): Promise<number | null> {
  try {
    const credits = decodeCredits(await qc.fetchQuery({ ...creditBalanceQuery(true), staleTime: 0 }));
    if (credits !== null) return credits;
  } catch {
    // fall through to the profile
  }
  try {
    return decodeProfile(await qc.fetchQuery({ queryKey: userKeys.profile(), queryFn: fetchProfile, staleTime: 0 }))?.credits ?? null;
  } catch {
    return null;
  }
}
