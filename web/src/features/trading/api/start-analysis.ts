// POST /api/analysis/start {symbol}: holds 1 credit on screen at once, toasts the result, re-reads balances on failure.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { apiRequest, forgetTags } from "@web/lib/api";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import { decodeCredits } from "@web/entities/user/api/decode-user";
import { creditKeys, userKeys } from "@web/entities/user/api/keys";
import { heldBalance, startedToast, startFailedToast } from "../model/start-rules";
import { type Analysis, decodeAnalysis } from "@web/entities/analysis/api/decode-analysis";
import { readStartResult } from "./decode-start";

/**
 * One Idempotency-Key per press of Start: the 401 refresh-and-retry inside the request layer resends the same key,
 * so a retried start is answered with the first analysis instead of holding a second credit.
 */
export const startAnalysis = (symbol: string, key: string = crypto.randomUUID()) =>
  apiRequest<unknown>("POST", "/api/analysis/start", { symbol }, { "Idempotency-Key": key });

export function useStartAnalysis() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => startAnalysis(symbol),
    onMutate: async () => {
      // A balance read already in flight would overwrite the held credit with the old number.
      await qc.cancelQueries({ queryKey: creditKeys.balance() });
      const credits = decodeCredits(qc.getQueryData(creditKeys.balance()));
      if (credits !== null) qc.setQueryData(creditKeys.balance(), { credits: heldBalance(credits) });
    },
    onSuccess: (raw, symbol) => {
      const { symbol: started, requestId } = readStartResult(raw, symbol);
      toast({ ...startedToast(started, requestId), variant: "success" });
      // Show the new row at once; the list poll then brings the server's full row.
      const row = decodeAnalysis(raw);
      if (row) qc.setQueryData<Analysis[]>(analysisKeys.active(), (old = []) => (old.some((a) => a.id === row.id) ? old : [row, ...old]));
      // The server announces the start on commit, a moment after answering: a re-read naming the old tag could still be
      // answered 304 with the list from before, so this one asks in full.
      forgetTags();
      void qc.invalidateQueries({ queryKey: analysisKeys.active() });
    },
    onError: (err) => {
      toast({ ...startFailedToast(err), variant: "destructive" });
      void qc.invalidateQueries({ queryKey: creditKeys.balance() });
      void qc.invalidateQueries({ queryKey: userKeys.profile() });
    },
  });
}
