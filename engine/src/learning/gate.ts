// The promotion gate, the as-deployed backtest's own: a refit replaces the champion unless the champion, on signals it never saw, stands higher than the refit's inner lower bound.
import type { Sql } from "@core/infra/db";
import { ageDays, getVersion, insertVersion, versionAt } from "@core/model/versions";
import type { ModelVersion } from "../analysis/model/version";
import { promotes } from "../research/deployed";

export type GateResult = { result: "promoted" | "rejected" | "exists"; reason: string };

const fmt = (x: number | null) => (x === null ? "none (no cut paid)" : `${x >= 0 ? "+" : ""}${x.toFixed(4)} R`);

/**
 * Decides and records a challenger fitted at market time `clock`: champion from `clock` when its inner lower bound (the
 * block-clustered lower bound the bar was chosen by) is at least the serving champion's lower bound on signals that
 * champion never saw (`champion_forward_lower`, measured by the refit on its own rows), or the champion has expired or
 * has too few such signals; else stored as rejected with the reason (research/deployed.ts `promotes`, the backtest's
 * rule). One transaction under a table lock, so two engines gating at once compare against the same champion.
 */
export async function gateChallenger(sql: Sql, challenger: ModelVersion, clock: number, maxAgeDays: number): Promise<GateResult> {
  return sql.begin(async (tx) => {
    await tx`lock table model_versions in share row exclusive mode`;
    const existing = await getVersion(tx, challenger.version);
    if (existing) return { result: "exists" as const, reason: `version ${challenger.version} is already registered (${existing.status})` };
    const champion = await versionAt(tx, clock);
    const lower = challenger.inner.lower;
    const forward = challenger.champion_forward_lower ?? null;
    const expired = champion !== null && ageDays(champion, clock) > maxAgeDays;
    if (champion && !promotes(lower, forward, expired)) {
      const reason = `inner lower bound ${fmt(lower)} is below champion ${champion.version}'s ${fmt(forward)} on signals it never saw`;
      await insertVersion(tx, challenger, "rejected", { reason });
      return { result: "rejected" as const, reason };
    }
    const reason = !champion
      ? "no champion at this clock"
      : expired
        ? `champion ${champion.version} is past MODEL_MAX_AGE_DAYS`
        : forward === null
          ? `champion ${champion.version} has too few signals it never saw to hold its place`
          : `inner lower bound ${fmt(lower)} is not below champion ${champion.version}'s ${fmt(forward)} on signals it never saw`;
    await insertVersion(tx, { ...challenger, trained_at: new Date(clock).toISOString() }, "champion", { promotedAt: clock, reason });
    return { result: "promoted" as const, reason };
  });
}
