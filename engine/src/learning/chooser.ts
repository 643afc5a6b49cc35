// Which model decides at a market clock: the registry's champion trained before it, unless older than MODEL_MAX_AGE_DAYS.
import { ageDays, champions, pickAt, versionParams, type VersionRecord } from "@core/model/versions";
import type { Sql } from "@core/infra/db";
import { modelOf, shippedVersions } from "../analysis/model/shipped";
import { modelFromParams, parseModelParams } from "../analysis/model/version";
import type { SignalModel } from "../analysis/model/signal-model";

/**
 * ok: the version decides. Not ok: nothing is issued, for `reason`; `expired` carries the version's own model when it
 * is merely too old (its phases still read the market, the context still names it).
 */
export type ChosenModel =
  | { ok: true; model: SignalModel; version: string }
  | { ok: false; version: string | null; reason: string; expired?: SignalModel };
export type ModelChooser = ((clock: number) => Promise<ChosenModel>) & { refresh(): void };

/** The champion list is re-read this often, so a promotion by another engine is picked up within it. */
const LIST_TTL_MS = 15_000;

class UnreadableVersion extends Error {}

const fmtDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Why a version may not decide at `clock`, or null when it may. */
export function expiryReason(v: Pick<VersionRecord, "version" | "trained_through">, clock: number, maxAgeDays: number): string | null {
  const age = ageDays(v, clock);
  if (age <= maxAgeDays) return null;
  return (
    `model version ${v.version} is ${Math.floor(age)} days old (trained through ${fmtDay(v.trained_through)}), ` +
    `past the ${maxAgeDays}-day limit (MODEL_MAX_AGE_DAYS): no signals until a newer version is trained.`
  );
}

type Candidate = Pick<VersionRecord, "version" | "trained_at" | "trained_through">;

/** The shipped fold files by the same rule, while the registry holds no champion (before the engine seeded it). */
function shippedCandidates(): Candidate[] {
  return shippedVersions().map((v) => ({ version: v.version, trained_at: Date.parse(v.trained_at), trained_through: Date.parse(v.trained_through) }));
}

export function createModelChooser(o: { sql: Sql; maxAgeDays: number; listTtlMs?: number }): ModelChooser {
  let list: { at: number; rows: Promise<VersionRecord[]> } | null = null;
  const models = new Map<string, Promise<SignalModel>>();
  const ttl = o.listTtlMs ?? LIST_TTL_MS;

  const current = () => {
    if (!list || Date.now() - list.at > ttl) {
      const rows = champions(o.sql);
      // A failed read is not kept: the next phase tries again.
      rows.catch(() => {
        if (list?.rows === rows) list = null;
      });
      list = { at: Date.now(), rows };
    }
    return list.rows;
  };

  const load = (version: string) => {
    let m = models.get(version);
    if (!m) {
      m = versionParams(o.sql, version).then((raw) => {
        try {
          return modelFromParams(parseModelParams(raw), version);
        } catch (err) {
          throw new UnreadableVersion(
            `model version ${version} cannot be read by this engine (${String((err as Error).message).slice(0, 160)}): no signals.`,
          );
        }
      });
      m.catch(() => models.delete(version));
      models.set(version, m);
    }
    return m;
  };

  const choose = async (clock: number): Promise<ChosenModel> => {
    const rows = await current();
    const fromRegistry = rows.length > 0;
    const v = pickAt<Candidate>(fromRegistry ? rows : shippedCandidates(), clock);
    if (!v) return { ok: false, version: null, reason: `no model version was trained before ${new Date(clock).toISOString()}: no signals.` };
    const why = expiryReason(v, clock, o.maxAgeDays);
    try {
      const model = fromRegistry ? await load(v.version) : modelOf(shippedVersions().find((s) => s.version === v.version)!);
      return why ? { ok: false, version: v.version, reason: why, expired: model } : { ok: true, model, version: v.version };
    } catch (err) {
      // Params this code cannot read decide nothing (stated); a database error propagates, so the phase is retried.
      if (err instanceof UnreadableVersion) return { ok: false, version: v.version, reason: err.message };
      throw err;
    }
  };
  return Object.assign(choose, {
    refresh() {
      list = null;
    },
  });
}
