// Start Analysis from the button or a quick chip: the pair and credits checked first (spec 02 §5), one start at a time.
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { toast } from "@web/components/ui/toast";
import { fetchCreditsNow } from "@web/entities/user/hooks/use-credits";
import { useStartAnalysis } from "../api/start-analysis";
import { checkStart, type StartPath } from "../model/start-rules";

/** Starts an analysis once the pair and the credits check out; an unknown balance is read again first, never skipped. */
export function useLaunch(supported: ReadonlySet<string>, credits: number | null, setInput: (symbol: string) => void) {
  const qc = useQueryClient();
  const start = useStartAnalysis();
  // Set synchronously, so a double click cannot start twice before React re-renders with isPending.
  const launching = useRef(false);
  const launch = async (raw: string, path: StartPath) => {
    if (launching.current || start.isPending) return;
    launching.current = true;
    const check = checkStart(raw, supported, credits ?? (await fetchCreditsNow(qc)), path);
    if (!check.ok) {
      launching.current = false;
      toast({ title: check.title, description: check.description, variant: "destructive" });
      return;
    }
    setInput(check.symbol);
    start.mutate(check.symbol, {
      onSettled: () => {
        launching.current = false;
      },
    });
  };
  return { launch, pending: start.isPending };
}
