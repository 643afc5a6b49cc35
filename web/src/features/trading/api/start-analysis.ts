// POST /api/analysis/start {symbol}: holds 1 credit on screen at once, toasts the result, re-reads balances on failure.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { apiRequest } from "@web/lib/api";
import { CREDIT_BALANCE_KEY, readCredits } from "@web/lib/credit-balance";
import { heldBalance, startedToast, startFailedToast } from "../hooks/start-rules";
import { tradingKeys } from "./keys";
import { isObj, num, str } from "@web/lib/read";

/**
 * One Idempotency-Key per press of Start: the 401 refresh-and-retry inside the request layer resends the same key,
 * so a retried start is answered with the first analysis instead of holding a second credit.
 */
export const startAnalysis = (symbol: string, key: string = crypto.randomUUID()) =>
  apiRequest<unknown>("POST", "/api/analysis/start", { symbol }, { "Idempotency-Key": key });

/** The two fields the client reads from the answer (spec 02 §7): symbol and request_id. */
export function readStartResult(raw: unknown, sent: string): { symbol: string; requestId: number | null } {
  if (!isObj(raw)) return { symbol: sent, requestId: null };
  return { symbol: (str(raw, "symbol") ?? sent).toUpperCase(), requestId: num(raw, "request_id", "analysis_request_id", "id") };
}

export function useStartAnalysis() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => startAnalysis(symbol),
    onMutate: async () => {
      // A balance read already in flight would overwrite the held credit with the old number.
      await qc.cancelQueries({ queryKey: CREDIT_BALANCE_KEY });
      const credits = readCredits(qc.getQueryData(CREDIT_BALANCE_KEY));
      if (credits !== null) qc.setQueryData(CREDIT_BALANCE_KEY, { credits: heldBalance(credits) });
    },
    onSuccess: (raw, symbol) => {
      const { symbol: started, requestId } = readStartResult(raw, symbol);
      toast({ ...startedToast(started, requestId), variant: "success" });
      // Show the new row at once; the list poll then brings the server's full row.
      if (requestId !== null && isObj(raw)) {
        qc.setQueryData<unknown>(tradingKeys.active, (old: unknown) => {
          const list = Array.isArray(old) ? old : [];
          return list.some((a) => isObj(a) && num(a, "id", "request_id") === requestId) ? list : [raw, ...list];
        });
      }
      void qc.invalidateQueries({ queryKey: tradingKeys.active });
    },
    onError: (err) => {
      toast({ ...startFailedToast(err), variant: "destructive" });
      void qc.invalidateQueries({ queryKey: CREDIT_BALANCE_KEY });
      void qc.invalidateQueries({ queryKey: tradingKeys.profile });
    },
  });
}
