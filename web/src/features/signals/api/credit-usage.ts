// GET /api/credits/usage: credits used and returned, every 10 s (the reader also takes the spec's spent/returns spellings).
import { useQuery } from "@tanstack/react-query";
import { creditKeys } from "@web/entities/user/api/keys";
import type { CreditUsage as CreditUsageAnswer } from "@core/contract/credits";
import { apiQuery } from "@web/lib/api";
import { isObj, num, unwrap } from "@web/lib/read";
import { useIsSignedIn } from "@web/lib/session";
import { USAGE_POLL_MS } from "../model/polling";
import { useLivePoll } from "@web/lib/live-socket";

export type CreditUsage = { used: number; refunded: number };

export function normalizeUsage(raw: unknown): CreditUsage | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const used = num(data, "spent", "used");
  const refunded = num(data, "refunded", "returns");
  if (used === null && refunded === null) return null;
  return { used: used ?? 0, refunded: refunded ?? 0 };
}

export const fetchCreditUsage = () => apiQuery<CreditUsageAnswer>("/api/credits/usage");

export function useCreditUsage() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: creditKeys.usage(),
    queryFn: fetchCreditUsage,
    select: normalizeUsage,
    enabled: signedIn,
    refetchInterval: useLivePoll(USAGE_POLL_MS, "user"),
    staleTime: 0,
  });
}
