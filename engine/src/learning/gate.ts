// The promotion gate: a refit replaces the champion only if its inner lower bound is not below the champion's (the bar's own rule).
import type { Sql } from "@core/db";
import { getVersion, insertVersion, versionAt } from "@core/model-versions";
import type { ModelVersion } from "../analysis/model/version";

export type GateResult = { result: "promoted" | "rejected" | "exists"; reason: string };

const fmt = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? "+" : ""}${x.toFixed(4)} R` : String(x));

/**
 * Decides and records a challenger fitted at market time `clock`: champion from `clock` when its inner lower bound (the
 * block-clustered lower bound the bar was chosen by) is at least the serving champion's, else stored as rejected with
 * the reason. One transaction, under a lock, so two engines gating at once compare against the same champion.
 */
export async function gateChallenger(sql: Sql, challenger: ModelVersion, clock: number): Promise<GateResult> {
  return sql.begin(async (tx) => {
    await tx`lock table model_versions in share row exclusive mode`;
    const existing = await getVersion(tx, challenger.version);
    if (existing) return { result: "exists" as const, reason: `version ${challenger.version} is already registered (${existing.status})` };
    const champion = await versionAt(tx, clock);
    const lower = challenger.inner.lower;
    if (champion && !(lower >= champion.inner.lower)) {
      const reason = `inner lower bound ${fmt(lower)} is below champion ${champion.version}'s ${fmt(champion.inner.lower)}`;
      await insertVersion(tx, challenger, "rejected", { reason });
      return { result: "rejected" as const, reason };
    }
    const reason = champion
      ? `inner lower bound ${fmt(lower)} is not below champion ${champion.version}'s ${fmt(champion.inner.lower)}`
      : "no champion at this clock";
    await insertVersion(tx, { ...challenger, trained_at: new Date(clock).toISOString() }, "champion", { promotedAt: clock, reason });
    return { result: "promoted" as const, reason };
  });
}
