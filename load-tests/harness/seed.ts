// Seeded traders for the benchmarks: the load-test accounts `bun run admin -- load-test-tokens` makes for k6, each
// with an active login session (the server checks it on every call) and an access token; optionally a signal history.
import { createSql, type Sql } from "../../core/infra/db";
import { signAccessToken } from "../../server/src/lib/auth";
import { ensureLoadTestUsers } from "../../scripts/admin";

const SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "DOGEUSDT"];
const TOKEN_TTL_SECONDS = 24 * 3600;

/** `n` traders with 10 credits each; returns their ids and tokens (same order). */
export async function seedTraders(databaseUrl: string, secret: string, n: number, signalsPerUser = 0): Promise<{ ids: number[]; tokens: string[] }> {
  const sql = createSql(databaseUrl, { max: 4 });
  try {
    const ids = await ensureLoadTestUsers(sql, n);
    const sessions = await sql<{ id: number; user_id: number }[]>`
      insert into login_sessions (user_id, device_id, device_name, status, verified, expires_at)
      select u, 'bench-' || u, 'Benchmark client', 'active', true, now() + interval '1 day' from unnest(${ids}::bigint[]) u
      returning id, user_id`;
    const sessionOf = new Map(sessions.map((s) => [Number(s.user_id), Number(s.id)]));
    if (signalsPerUser > 0) await seedSignals(sql, ids, signalsPerUser);
    const tokens = await Promise.all(ids.map((id) => signAccessToken(secret, { userId: id, sessionId: sessionOf.get(id)! }, TOKEN_TTL_SECONDS)));
    return { ids, tokens };
  } finally {
    await sql.end();
  }
}

/**
 * A settled history per trader for the polling endpoints to read: `perUser` completed analyses an hour apart, each
 * with its signal (LONG won, SHORT lost, NO_TRADE in turn). Settled, not OPEN: the engine's outcome tracker would
 * otherwise close every seeded signal during the run (levels near 100 against today's prices), and each closing is a
 * change to its trader's lists, so the benchmark would measure a settlement storm instead of the polling. Three
 * statements for all traders, so thousands seed in seconds.
 */
async function seedSignals(sql: Sql, ids: number[], perUser: number) {
  await sql`
    insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms, created_at)
    select u, (${SYMBOLS}::text[])[1 + i % ${SYMBOLS.length}], 'COMPLETED', 3, 100, case when i % 3 = 2 then 'RELEASED' else 'USED' end, 0,
           now() - make_interval(hours => i)
    from unnest(${ids}::bigint[]) u, generate_series(0, ${perUser - 1}) i
    order by u, i`;
  await sql`
    insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe, reasoning,
                         no_trade, is_active, market_time_ms, outcome, outcome_at, outcome_market_ms, r_multiple, created_at)
    select user_id, id, symbol, (array['LONG', 'SHORT', 'NO_TRADE'])[1 + k % 3], 0.6,
           case when k % 3 = 2 then null else 100 end, case when k % 3 = 0 then 104 when k % 3 = 1 then 96 end,
           case when k % 3 = 0 then 98 when k % 3 = 1 then 102 end, case when k % 3 = 2 then null else 2 end, '1h', 'seeded for the benchmark',
           k % 3 = 2, false, 0, (array['TP_HIT', 'SL_HIT', null])[1 + k % 3], case when k % 3 = 2 then null else created_at + interval '1 hour' end,
           case when k % 3 = 2 then null else 3600000 end, (array[2, -1, null])[1 + k % 3], created_at
    from (select r.*, (row_number() over (partition by user_id order by id) - 1)::int as k
          from analysis_requests r where user_id = any(${ids}::bigint[])) r`;
  await sql`
    update analysis_requests r set final_signal_id = s.id from signals s
    where s.request_id = r.id and r.user_id = any(${ids}::bigint[])`;
}
