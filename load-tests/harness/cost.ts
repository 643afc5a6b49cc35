// `bun run bench cost`: what each unit of work costs the shared services, for the capacity plan (plan.ts): Postgres
// statements and Redis commands per dashboard poll at the web client's mix and per dashboard first load, per analysis
// (with the engine's CPU seconds and the rows it writes), the pub/sub messages per market tick and per user push, and
// the Redis and Postgres bytes a trader and an analysis hold. The server and the engine each talk to Postgres and Redis
// through their own counting relays (wire-count.ts); idle background work (queue polling, ingestion) is measured first
// and subtracted.
import Redis from "ioredis";
import postgres from "postgres";
import { createWorkspace, realServicesAvailable, startApp, type Workspace } from "../../scripts/app-process";
import { USER_CHANNEL_PREFIX } from "../../core/contract/socket";
import { TRADER_POLLING, pollHeaders, requestsPerTraderPerSecond, ANALYSIS_SYMBOLS } from "../scenarios";
import { marketReady } from "./polling";
import { seedTraders } from "./seed";
import { cpuMs, round, type Report } from "./stats";
import { countingRelay, diff, type CountingRelay, type WireCounts } from "./wire-count";

export type CostOptions = { users: number; analyses: number; signalsPerUser: number; seconds: number; idleSeconds: number };

type Sides = { serverPg: CountingRelay; serverRedis: CountingRelay; enginePg: CountingRelay; engineRedis: CountingRelay };
type Snapshot = { at: number; engineCpuMs: number; c: Record<keyof Sides, WireCounts> };

function snapshot(sides: Sides, enginePid: number): Snapshot {
  const cpu = cpuMs(enginePid);
  return {
    at: performance.now(),
    engineCpuMs: cpu.user + cpu.system,
    c: {
      serverPg: sides.serverPg.counts(),
      serverRedis: sides.serverRedis.counts(),
      enginePg: sides.enginePg.counts(),
      engineRedis: sides.engineRedis.counts(),
    },
  };
}

/** Work between two snapshots with the idle rate (per second) taken off, per side. */
function work(a: Snapshot, b: Snapshot, idle: Rates | null) {
  const s = (b.at - a.at) / 1000;
  const less = (key: keyof Sides) => diff(b.c[key], a.c[key]).total - (idle ? idle[key] * s : 0);
  const publishes: Record<string, number> = {};
  for (const key of ["serverRedis", "engineRedis"] as const)
    for (const [ch, n] of Object.entries(diff(b.c[key], a.c[key]).publishes)) publishes[ch] = (publishes[ch] ?? 0) + n;
  return {
    seconds: s,
    serverPg: less("serverPg"),
    serverRedis: less("serverRedis"),
    enginePg: less("enginePg"),
    engineRedis: less("engineRedis"),
    engineCpuMs: b.engineCpuMs - a.engineCpuMs - (idle ? idle.engineCpuMs * s : 0),
    publishes,
  };
}
type Rates = Record<keyof Sides | "engineCpuMs", number> & { publishesPerSecond: Record<string, number> };

/** Sum of MEMORY USAGE over the run's keys, by key shape (ids folded to #). */
async function redisBytes(redisUrl: string, prefix: string): Promise<Record<string, { keys: number; bytes: number }>> {
  const redis = new Redis(redisUrl);
  const out: Record<string, { keys: number; bytes: number }> = {};
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    for (const key of keys) {
      const bytes = Number((await redis.memory("USAGE", key)) ?? 0);
      const shape = key.slice(prefix.length).replace(/\d+/g, "#");
      out[shape] ??= { keys: 0, bytes: 0 };
      out[shape].keys++;
      out[shape].bytes += bytes;
    }
  } while (cursor !== "0");
  redis.disconnect();
  return out;
}

/**
 * Each table's rows (counted, not pg_stat's lagging counters) and bytes per row: from the table's total size (heap,
 * indexes, TOAST) where it holds enough rows for page granularity not to dominate, else its rows' own size plus the
 * tuple header and 16 bytes per index entry.
 */
async function tableStats(sql: postgres.Sql) {
  const tables = await sql<{ name: string; indexes: number; bytes: number }[]>`
    select c.relname as name, (select count(*) from pg_index i where i.indrelid = c.oid)::int as indexes,
           pg_total_relation_size(c.oid)::float8 as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname = current_schema()`;
  const out = new Map<string, { rows: number; perRow: number }>();
  for (const t of tables) {
    const [{ rows, avg }] = await sql<{ rows: number; avg: number | null }[]>`
      select count(*)::float8 as rows, avg(pg_column_size(t.*))::float8 as avg from ${sql(t.name)} t`;
    out.set(t.name, { rows, perRow: rows >= 1000 ? t.bytes / rows : (avg ?? 0) + 24 + 16 * t.indexes });
  }
  return out;
}

const stage = (name: string, t0: number) => process.stderr.write(`cost: ${name} after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

export async function costBench(o: CostOptions): Promise<Report> {
  const began = performance.now();
  const ws = await createWorkspace("bench", await realServicesAvailable());
  const sides: Sides = {
    serverPg: countingRelay(ws.databaseUrl, "postgres"),
    serverRedis: countingRelay(ws.redisUrl, "redis", ws.redisPrefix),
    enginePg: countingRelay(ws.databaseUrl, "postgres"),
    engineRedis: countingRelay(ws.redisUrl, "redis", ws.redisPrefix),
  };
  const via = (pg: CountingRelay, redis: CountingRelay): Workspace => ({ ...ws, databaseUrl: pg.url, redisUrl: redis.url });
  const server = await startApp(via(sides.serverPg, sides.serverRedis), { servers: 1, engine: false, quiet: true });
  const engine = await startApp(via(sides.enginePg, sides.engineRedis), { servers: 0, quiet: true });
  const sql = postgres(ws.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const baseUrl = server.baseUrls[0];
    const enginePid = engine.processes[0].pid;
    const { tokens } = await seedTraders(ws.databaseUrl, server.env.JWT_SECRET!, o.users + o.analyses, o.signalsPerUser);
    const pollers = tokens.slice(0, o.users);
    await marketReady(baseUrl);
    stage("app up, traders seeded, market ready", began);
    await Bun.sleep(2000);

    const run0 = snapshot(sides, enginePid);
    // Idle: what both processes do with no user at all (queue polling, market ingestion and its publishes).
    const i0 = snapshot(sides, enginePid);
    await Bun.sleep(o.idleSeconds * 1000);
    const i1 = snapshot(sides, enginePid);
    const idleWork = work(i0, i1, null);
    const idle: Rates = {
      serverPg: idleWork.serverPg / idleWork.seconds,
      serverRedis: idleWork.serverRedis / idleWork.seconds,
      enginePg: idleWork.enginePg / idleWork.seconds,
      engineRedis: idleWork.engineRedis / idleWork.seconds,
      engineCpuMs: idleWork.engineCpuMs / idleWork.seconds,
      publishesPerSecond: Object.fromEntries(Object.entries(idleWork.publishes).map(([k, v]) => [k, v / idleWork.seconds])),
    };

    // First loads: each trader's tab loads its whole dashboard at once, as after a deploy.
    const etags = new Map<string, string>();
    const get = async (target: (typeof TRADER_POLLING)[number], token: string) => {
      const key = `${token}|${target.path}`;
      const res = await fetch(baseUrl + target.path, {
        headers: pollHeaders(target, token, etags.get(key)),
        decompress: false,
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      if (res.status >= 400) throw new Error(`${target.name} answered ${res.status}`);
      const etag = res.headers.get("etag");
      if (etag) etags.set(key, etag);
    };
    stage("idle measured", began);
    const f0 = snapshot(sides, enginePid);
    for (let i = 0; i < pollers.length; i += 50)
      await Promise.all(pollers.slice(i, i + 50).map((t) => Promise.all(TRADER_POLLING.map((g) => get(g, t)))));
    const first = work(f0, snapshot(sides, enginePid), idle);
    stage("first loads done", began);

    // Steady state: every trader polls every list at the web client's intervals from a random phase, with its tags.
    const p0 = snapshot(sides, enginePid);
    let polls = 0;
    const until = performance.now() + o.seconds * 1000;
    await Promise.all(
      pollers.flatMap((token) =>
        TRADER_POLLING.map(async (target) => {
          // Sleeps end at the window's end: a 180 s list must not hold the run past it.
          const nap = (ms: number) => Bun.sleep(Math.max(0, Math.min(ms, until - performance.now())));
          await nap(Math.random() * target.everySeconds * 1000);
          while (performance.now() < until) {
            await get(target, token);
            polls++;
            await nap(target.everySeconds * 1000);
          }
        }),
      ),
    );
    const steady = work(p0, snapshot(sides, enginePid), idle);
    stage("first loads and steady polling done", began);
    const keysAfterPolling = await redisBytes(ws.redisUrl, ws.redisPrefix);

    // Analyses: `analyses` traders who did not poll start one each; until all settle.
    const starters = tokens.slice(o.users);
    const t0 = await tableStats(sql);
    const keysBefore = await redisBytes(ws.redisUrl, ws.redisPrefix);
    const [{ lastId }] = await sql<{ lastId: number }[]>`select coalesce(max(id), 0)::int8 as "lastId" from analysis_requests`;
    const a0 = snapshot(sides, enginePid);
    await Promise.all(
      starters.map(async (token, i) => {
        const res = await fetch(`${baseUrl}/api/analysis/start`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ symbol: ANALYSIS_SYMBOLS[i % ANALYSIS_SYMBOLS.length] }),
        });
        await res.text();
        if (!res.ok) throw new Error(`analysis start answered ${res.status}`);
      }),
    );
    const keysInFlight = await redisBytes(ws.redisUrl, ws.redisPrefix);
    for (let i = 0; i < 240; i++) {
      const [{ running }] = await sql<{ running: number }[]>`select count(*)::int as running from analysis_requests where status = 'IN_PROGRESS'`;
      if (running === 0) break;
      await Bun.sleep(250);
    }
    const run1 = snapshot(sides, enginePid);
    stage("analyses settled", began);
    const analysis = work(a0, run1, idle);
    // Market topics publish every few seconds to minutes each: counted over the whole run, not the idle window alone.
    const whole = work(run0, run1, null);
    const [{ completed }] = await sql<
      { completed: number }[]
    >`select count(*)::int as completed from analysis_requests where status = 'COMPLETED' and id > ${lastId}`;
    const t1 = await tableStats(sql);
    let pgBytesPerAnalysis = 0;
    const rowsPerAnalysis: Record<string, number> = {};
    for (const [name, after] of t1) {
      const added = after.rows - (t0.get(name)?.rows ?? 0);
      if (added <= 0) continue;
      rowsPerAnalysis[name] = round(added / o.analyses, 2) ?? 0;
      pgBytesPerAnalysis += (added / o.analyses) * after.perRow;
    }
    const perTrader = (t1.get("users")?.perRow ?? 0) + (t1.get("login_sessions")?.perRow ?? 0);
    const sum = (m: Record<string, { bytes: number }>, test: (shape: string) => boolean) =>
      Object.entries(m)
        .filter(([k]) => test(k))
        .reduce((s, [, v]) => s + v.bytes, 0);
    const isQueue = (k: string) => k.startsWith("bull");
    const analysesInQueue = sum(keysInFlight, isQueue) - sum(keysBefore, isQueue);

    const json = {
      scenario: "cost",
      users: o.users,
      analyses: o.analyses,
      completed,
      polls,
      // Polls are the server's alone (the engine's work in the same window is its own, counted as idle).
      poll_statements: round(steady.serverPg / Math.max(1, polls), 3),
      poll_redis_commands: round(steady.serverRedis / Math.max(1, polls), 3),
      first_load_statements: round(first.serverPg / o.users, 2),
      first_load_redis_commands: round(first.serverRedis / o.users, 2),
      analysis_engine_cpu_s: round(analysis.engineCpuMs / 1000 / o.analyses, 3),
      analysis_statements: round((analysis.serverPg + analysis.enginePg) / o.analyses, 1),
      analysis_redis_commands: round((analysis.serverRedis + analysis.engineRedis) / o.analyses, 1),
      analysis_user_publishes: round(
        Object.entries(analysis.publishes)
          .filter(([k]) => k.startsWith(USER_CHANNEL_PREFIX))
          .reduce((s, [, v]) => s + v, 0) / o.analyses,
        2,
      ),
      market_publishes_per_s: round(
        Object.entries(whole.publishes)
          .filter(([k]) => k.startsWith("market"))
          .reduce((s, [, v]) => s + v, 0) / whole.seconds,
        3,
      ),
      idle_engine_cpu_ms_per_s: round(idle.engineCpuMs, 1),
      idle_statements_per_s: round(idle.serverPg + idle.enginePg, 2),
      idle_redis_commands_per_s: round(idle.serverRedis + idle.engineRedis, 2),
      redis_bytes_per_online_trader: round(sum(keysAfterPolling, (k) => !isQueue(k) && /#/.test(k)) / o.users, 0),
      redis_bytes_per_analysis_in_flight: round(Math.max(0, analysesInQueue) / o.analyses, 0),
      pg_bytes_per_analysis: round(pgBytesPerAnalysis, 0),
      pg_bytes_per_trader: round(perTrader, 0),
      pg_rows_per_analysis: rowsPerAnalysis,
      publishes_by_channel: whole.publishes,
      run_seconds: round(whole.seconds, 1),
    };
    const lines = [
      `cost: ${o.users} traders polling ${o.seconds}s (${polls} polls, ${(o.users * requestsPerTraderPerSecond).toFixed(0)} req/s offered), ${o.analyses} analyses (${completed} completed)`,
      `  per poll at the dashboard mix: ${json.poll_statements} Postgres statements, ${json.poll_redis_commands} Redis commands`,
      `  per dashboard first load (${TRADER_POLLING.length} lists): ${json.first_load_statements} statements, ${json.first_load_redis_commands} Redis commands`,
      `  per analysis: engine CPU ${json.analysis_engine_cpu_s} s, ${json.analysis_statements} statements, ${json.analysis_redis_commands} Redis commands, ${json.analysis_user_publishes} user pushes; ${json.pg_bytes_per_analysis} Postgres bytes`,
      `  idle: ${json.market_publishes_per_s} market publishes/s, engine ${json.idle_engine_cpu_ms_per_s} ms CPU/s, ${json.idle_statements_per_s} statements/s, ${json.idle_redis_commands_per_s} Redis commands/s`,
      `  Redis bytes per online trader ${json.redis_bytes_per_online_trader}, per analysis in flight ${json.redis_bytes_per_analysis_in_flight}; Postgres bytes per trader ${json.pg_bytes_per_trader}`,
      `  rows per analysis: ${JSON.stringify(rowsPerAnalysis)}`,
    ];
    return { name: "cost", json, lines, ok: completed === o.analyses };
  } finally {
    await sql.end();
    await server.stop();
    await engine.stop();
    for (const relay of Object.values(sides)) relay.stop();
    await ws.drop();
  }
}
