// The signed-in user's profile, detailed profile and dashboard stats.
import type { Profile } from "@core/contract/profile";
import { ledgerTotals } from "@core/ledger/credits";
import type { ServerDeps } from "../../deps";
import { badRequest, notFound } from "../../lib/http-error";

type Deps = Pick<ServerDeps, "sql">;

function profileOf(r: Record<string, unknown>): Profile {
  return {
    id: r.id as number,
    email: r.email as string,
    first_name: r.first_name as string,
    last_name: r.last_name as string,
    credits: r.credits as number,
    created_at: (r.created_at as Date).toISOString(),
  };
}

export async function getProfile({ sql }: Deps, userId: number) {
  const [row] = await sql`select id, email, first_name, last_name, credits, created_at from users where id = ${userId}`;
  if (!row) throw notFound("User not found");
  return profileOf(row);
}

export async function updateProfile(
  { sql }: Deps,
  userId: number,
  body: { first_name?: string; last_name?: string; firstName?: string; lastName?: string },
) {
  const first = (body.first_name ?? body.firstName)?.trim();
  const last = (body.last_name ?? body.lastName)?.trim();
  if (first === undefined && last === undefined) throw badRequest("Nothing to update: send first_name and/or last_name.");
  if (first === "" || last === "") throw badRequest("Names cannot be empty.");
  const [row] = await sql`
    update users set first_name = coalesce(${first ?? null}, first_name), last_name = coalesce(${last ?? null}, last_name),
                     updated_at = now()
    where id = ${userId}
    returning id, email, first_name, last_name, credits, created_at`;
  if (!row) throw notFound("User not found");
  return profileOf(row);
}

export async function getDetailedProfile(deps: Deps, userId: number) {
  const profile = await getProfile(deps, userId);
  const [row] = await deps.sql`
    select
      (select is_blocked from users where id = ${userId}) as is_blocked,
      (select count(*) from login_sessions where user_id = ${userId} and status = 'active' and expires_at > now()) as active_sessions,
      (select count(*) from verified_devices where user_id = ${userId} and expires_at > now()) as verified_devices,
      (select max(created_at) from login_sessions where user_id = ${userId} and status <> 'pending') as last_login_at,
      (select count(*) from analysis_requests where user_id = ${userId}) as analyses_total,
      -- LONG and SHORT: a No Trade is an analysis (analyses_total), not a signal (issue 33 §7).
      (select count(*) from signals where user_id = ${userId} and type <> 'NO_TRADE') as signals_total`;
  const totals = await ledgerTotals(deps.sql, userId);
  return {
    ...profile,
    is_blocked: row.is_blocked as boolean,
    active_sessions: row.active_sessions as number,
    verified_devices: row.verified_devices as number,
    credits_summary: {
      granted: totals.granted,
      purchased: totals.purchased,
      used: totals.used,
      refunded: totals.refunded,
      adjusted: totals.adjusted,
    },
    analyses_total: row.analyses_total as number,
    signals_total: row.signals_total as number,
    last_login_at: row.last_login_at ? (row.last_login_at as Date).toISOString() : null,
  };
}

/**
 * Dashboard badges: signals still running (LONG/SHORT with an open outcome) and the mean confidence of the
 * user's issued LONG/SHORT signals, as a percentage with one decimal (null before the first one).
 */
export async function getStats({ sql }: Deps, userId: number) {
  const [row] = await sql`
    select u.credits,
           (select count(*) from signals s where s.user_id = u.id and s.is_active) as active_signals,
           (select round(avg(s.confidence) * 100, 1) from signals s where s.user_id = u.id and s.type <> 'NO_TRADE') as avg_confidence
    from users u where u.id = ${userId}`;
  if (!row) throw notFound("User not found");
  return {
    activeSignals: row.active_signals as number,
    avgConfidence: row.avg_confidence === null ? null : (row.avg_confidence as number),
    credits: row.credits as number,
    creditsRemaining: row.credits as number,
  };
}
