// The caller's preferences row (created with the user by migration 0090's trigger): read it, and update it within bounds.
import { noteUserChanged } from "@core/infra/user-version";
import type { Static } from "elysia";
import type { ServerDeps } from "../../deps";
import { badRequest } from "../../lib/http-error";
import { PREFERENCE_LIMITS, type preferencesBody } from "./model";

type Deps = Pick<ServerDeps, "sql">;
type Row = { account_size: number | null; risk_percent: number | null; updated_at: Date | null };

const view = (r: Row | undefined) => ({
  account_size: r?.account_size ?? null,
  risk_percent: r?.risk_percent ?? null,
  // A row never saved has no meaningful time: null tells the client nothing was chosen yet.
  updated_at: r && (r.account_size !== null || r.risk_percent !== null) && r.updated_at ? new Date(r.updated_at).toISOString() : null,
});

export async function getPreferences({ sql }: Deps, userId: number) {
  const [row] = await sql<Row[]>`select account_size, risk_percent, updated_at from user_preferences where user_id = ${userId}`;
  return view(row);
}

/** 400 `invalid_preferences` unless 0 < account_size ≤ 1e9 and 0 < risk_percent ≤ 10 (finite numbers). */
export function checkPreferences(body: Static<typeof preferencesBody>) {
  const { accountSizeMax, riskPercentMax } = PREFERENCE_LIMITS;
  const size = body.account_size;
  const risk = body.risk_percent;
  if (!Number.isFinite(size) || size <= 0 || size > accountSizeMax) {
    throw badRequest(`account_size must be more than 0 and at most ${accountSizeMax.toLocaleString("en-US")} USDT`).withCode("invalid_preferences");
  }
  if (!Number.isFinite(risk) || risk <= 0 || risk > riskPercentMax) {
    throw badRequest(`risk_percent must be more than 0 and at most ${riskPercentMax}`).withCode("invalid_preferences");
  }
  return { size, risk };
}

export async function savePreferences({ sql }: Deps, userId: number, body: Static<typeof preferencesBody>) {
  const { size, risk } = checkPreferences(body);
  // The row exists from registration on (trigger); the upsert only covers a user inserted while the trigger was off.
  const row = await sql.begin(async (tx) => {
    const [saved] = await tx<Row[]>`
      insert into user_preferences (user_id, account_size, risk_percent, updated_at) values (${userId}, ${size}, ${risk}, now())
      on conflict (user_id) do update set account_size = excluded.account_size, risk_percent = excluded.risk_percent, updated_at = now()
      returning account_size, risk_percent, updated_at`;
    await noteUserChanged(tx, userId, `preferences-${crypto.randomUUID()}`);
    return saved;
  });
  return view(row);
}
