// GET /api/public/legal: the operator's support e-mail, arbitration organisation and governing law for the legal pages.
import { useQuery } from "@tanstack/react-query";
import type { LegalSettings } from "@core/contract/legal";
import { apiQuery } from "@web/lib/api";
import { publicKeys } from "./keys";

export function useLegalSettings() {
  return useQuery({
    queryKey: publicKeys.legal(),
    queryFn: () => apiQuery<LegalSettings>("/api/public/legal"),
    // Operator settings change with a restart at most.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
