// The model-version registry in Postgres, shared by the engine (seed, choose, promote) and the server (GET /api/public/model).
import type { Sql, Tx } from "../infra/db";

const DAY = 86_400_000;

export type VersionStatus = "champion" | "challenger" | "rejected";
/** null figures: no cut of the inner window paid, so the version issues nothing */
export type Inner = { rate: number; meanR: number | null; lower: number | null; evaluations: number };

/** A registry row; `params` is the fitted model, opaque here (the engine parses it). Times are ms since the epoch. */
export type VersionRecord = {
  version: string;
  trained_through: number;
  trained_at: number;
  family: string;
  geometry: { k: number; m: number; hours: number };
  horizon_hours: number;
  inner: Inner;
  oof: Record<string, unknown> | null;
  params_hash: string;
  source: "walk-forward" | "refit";
  status: VersionStatus;
  promoted_at: number | null;
  reason: string | null;
};
export type VersionWithParams = VersionRecord & { params: unknown };

/** What is written: the meta as the engine's ModelVersion spells it (ISO times) and the params. */
export type VersionInput = {
  version: string;
  trained_through: string;
  trained_at: string;
  family: string;
  geometry: { k: number; m: number; hours: number };
  horizon_hours: number;
  inner: Inner;
  oof?: Record<string, unknown> | null;
  params_hash: string;
  params: unknown;
  source: "walk-forward" | "refit";
};

const columns = (sql: Sql | Tx) => sql`
  version, (extract(epoch from trained_through) * 1000)::float8 as trained_through,
  (extract(epoch from trained_at) * 1000)::float8 as trained_at, family, geometry, horizon_hours, "inner", oof, params_hash,
  source, status, (extract(epoch from promoted_at) * 1000)::float8 as promoted_at, reason`;

/**
 * Writes a version once (a second write of the same name changes nothing: seeding on every start is idempotent).
 * Returns whether it was new.
 */
export async function insertVersion(
  sql: Sql | Tx,
  v: VersionInput,
  status: VersionStatus,
  o: { promotedAt?: number | null; reason?: string | null } = {},
): Promise<boolean> {
  const rows = await sql`
    insert into model_versions (version, trained_through, trained_at, family, geometry, horizon_hours, "inner", oof, params_hash, params,
                                source, status, promoted_at, reason)
    values (${v.version}, ${v.trained_through}, ${v.trained_at}, ${v.family}, ${JSON.stringify(v.geometry)}::text::jsonb,
            ${v.horizon_hours}, ${JSON.stringify(v.inner)}::text::jsonb, ${v.oof ? JSON.stringify(v.oof) : null}::text::jsonb,
            ${v.params_hash}, ${JSON.stringify(v.params)}::text::jsonb, ${v.source}, ${status},
            ${o.promotedAt == null ? null : new Date(o.promotedAt).toISOString()}, ${o.reason ?? null})
    on conflict (version) do nothing
    returning version`;
  return rows.length > 0;
}

/** Every champion, oldest trained_at first (a few dozen rows: one per walk-forward fold and refit). */
export async function champions(sql: Sql | Tx): Promise<VersionRecord[]> {
  return [...(await sql<VersionRecord[]>`select ${columns(sql)} from model_versions where status = 'champion' order by trained_at, version`)];
}

/** The version a live engine would have had at `clock` (market ms): the champion with the latest trained_at ≤ clock. */
export async function versionAt(sql: Sql | Tx, clock: number): Promise<VersionRecord | null> {
  const [row] = await sql<VersionRecord[]>`
    select ${columns(sql)} from model_versions
    where status = 'champion' and trained_at <= ${new Date(clock).toISOString()}
    order by trained_at desc, version desc limit 1`;
  return row ?? null;
}

/** Pure form of versionAt over a list already read (the engine caches the champions). */
export function pickAt<T extends Pick<VersionRecord, "trained_at" | "version">>(list: readonly T[], clock: number): T | null {
  let best: T | null = null;
  for (const v of list)
    if (v.trained_at <= clock && (!best || v.trained_at > best.trained_at || (v.trained_at === best.trained_at && v.version > best.version)))
      best = v;
  return best;
}

export async function getVersion(sql: Sql | Tx, version: string): Promise<VersionRecord | null> {
  const [row] = await sql<VersionRecord[]>`select ${columns(sql)} from model_versions where version = ${version}`;
  return row ?? null;
}

export async function versionParams(sql: Sql | Tx, version: string): Promise<unknown | null> {
  const [row] = await sql<{ params: unknown }[]>`select params from model_versions where version = ${version}`;
  return row?.params ?? null;
}

/** Market days from the end of a version's training data to `clock`. */
export const ageDays = (v: Pick<VersionRecord, "trained_through">, clock: number) => (clock - v.trained_through) / DAY;

export type ForwardRecord = {
  since: number | null;
  signals: number;
  closed: number;
  expectancy_r: number | null;
  excess_vs_always_long: number | null;
  /** closed signals whose always-long baseline is known (the excess is their mean) */
  with_baseline: number;
};

/**
 * The stored outcomes of LONG/SHORT signals whose context names `version`: expectancy over the closed ones, and the
 * excess over always-long on the same entries (a LONG's baseline is itself; a SHORT's is its settled mirror LONG).
 */
export async function forwardRecord(sql: Sql | Tx, version: string, since: number | null): Promise<ForwardRecord> {
  const [r] = await sql<{ signals: number; closed: number; mean_r: number | null; excess: number | null; with_baseline: number }[]>`
    select count(*)::int as signals,
           count(*) filter (where s.outcome <> 'OPEN' and s.r_multiple is not null)::int as closed,
           avg(s.r_multiple::float8) filter (where s.outcome <> 'OPEN' and s.r_multiple is not null) as mean_r,
           avg(s.r_multiple::float8 - case when s.type = 'LONG' then s.r_multiple::float8 else b.always_long_r end)
             filter (where s.outcome <> 'OPEN' and s.r_multiple is not null and (s.type = 'LONG' or b.always_long_r is not null)) as excess,
           count(*) filter (where s.outcome <> 'OPEN' and s.r_multiple is not null and (s.type = 'LONG' or b.always_long_r is not null))::int
             as with_baseline
    from signals s left join signal_baselines b on b.signal_id = s.id
    where s.context is not null and s.context -> 'model' ->> 'version' = ${version} and s.type in ('LONG', 'SHORT')`;
  const r4 = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);
  return {
    since,
    signals: r.signals,
    closed: r.closed,
    expectancy_r: r4(r.mean_r),
    excess_vs_always_long: r4(r.excess),
    with_baseline: r.with_baseline,
  };
}
