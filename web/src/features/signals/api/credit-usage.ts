// GET /api/credits/usage: credits used and returned, every 10 s (spent/used and refunded/returns spellings).
import { useQuery } from "@tanstack/react-query";
import { isObj, num, unwrap } from "@web/lib/read";
import { useIsSignedIn } from "@web/lib/session";
import { USAGE_POLL_MS } from "../hooks/polling";
import { signalsKeys } from "./keys";

export type CreditUsage = { used: number; refunded: number };

export function normalizeUsage(raw: unknown): CreditUsage | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const used = num(data, "spent", "used");
  const refunded = num(data, "refunded", "returns");
  if (used === null && refunded === null) return null;
  return { used: used ?? 0, refunded: refunded ?? 0 };
}

export function useCreditUsage() {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: signalsKeys.usage, select: normalizeUsage, enabled: signedIn, refetchInterval: USAGE_POLL_MS, staleTime: 0 });
}
