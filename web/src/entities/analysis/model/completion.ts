// Spec 02 §4 completion rules: which running analyses finished, and the one credit given back on screen at once.
import type { CreditBalance } from "@core/contract/credits";
import type { CreditsStatus } from "@core/contract/status";
import type { Analysis } from "@web/entities/analysis/api/decode-analysis";

type Watched = Pick<Analysis, "id" | "status">;

/** Ids that were running in `prev` and are now gone from `next` or shown there as no longer running. */
export function finishedIds(prev: readonly Watched[], next: readonly Watched[]): number[] {
  const stillRunning = new Set(next.filter((a) => a.status === "IN_PROGRESS").map((a) => a.id));
  return prev.filter((p) => p.status === "IN_PROGRESS" && !stillRunning.has(p.id)).map((p) => p.id);
}

/** The cached balance body with one credit added back (unchanged when there is no balance yet). */
export function addLocalCredit<T extends CreditBalance | null | undefined>(old: T): T {
  return old ? { ...old, credits: old.credits + 1 } : old;
}

/**
 * Spec 02 §4's local +1 for a RELEASED credit, only onto a balance read while the analysis was still seen running: a
 * balance read since (a push re-reads it) may already hold the refund, and one more would show a credit too many.
 */
export const localCreditDue = (creditsStatus: CreditsStatus | null | undefined, balanceReadAt: number, lastSeenRunningAt: number) =>
  creditsStatus === "RELEASED" && balanceReadAt <= lastSeenRunningAt;
