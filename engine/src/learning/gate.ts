// The promotion gate: a refit replaces the champion only if its inner lower bound is not below the champion's (the bar's own rule).
import type { Sql } from "@core/db";
import { ageDays, getVersion, insertVersion, versionAt } from "@core/model-versions";
import type { ModelVersion } from "../analysis/model/version";
import { promotes } from "../research/deployed";

export type GateResult = { result: "promoted" | "rejected" | "exists"; reason: string };

const fmt = (x: number | null) => (x === null ? "none (no cut paid)" : `${x >= 0 ? "+" : ""}${x.toFixed(4)} R`);

/**
 * Decides and records a challenger fitted at market time `clock`: champion from `clock` when its inner lower bound (the
 * block-clustered lower bound the bar was chosen by) is at least the serving champion's, or the champion has expired or
 * has no figure; else stored as rejected with the reason (research/deployed.ts `promotes`, the backtest's rule). One
 * transaction under a table lock, so two engines gating at once compare against the same champion.
 */
export async function gateChallenger(sql: Sql, challenger: ModelVersion, clock: number, maxAgeDays: number): Promise<GateResult> {
  return sql.begin(async (tx) => {
    await tx`lock table model_versions in share row exclusive mode`;
    const existing = await getVersion(tx, challenger.version);
    if (existing) return { result: "exists" as const, reason: `version ${challenger.version} is already registered (${existing.status})` };
    const champion = await versionAt(tx, clock);
    const lower = challenger.inner.lower;
    const expired = champion !== null && ageDays(champion, clock) > maxAgeDays;
    if (champion && !promotes(lower, champion.inner.lower, expired)) {
      const reason = `inner lower bound ${fmt(lower)} is below champion ${champion.version}'s ${fmt(champion.inner.lower)}`;
      await insertVersion(tx, challenger, "rejected", { reason });
      return { result: "rejected" as const, reason };
    }
    const reason = !champion
      ? "no champion at this clock"
      : expired
        ? `champion ${champion.version} is past MODEL_MAX_AGE_DAYS`
        : `inner lower bound ${fmt(lower)} is not below champion ${champion.version}'s ${fmt(champion.inner.lower)}`;
    await insertVersion(tx, { ...challenger, trained_at: new Date(clock).toISOString() }, "champion", { promotedAt: clock, reason });
    return { result: "promoted" as const, reason };
  });
}
