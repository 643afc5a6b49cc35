// Local polling benchmark (the k6 polling-api scenario, runnable here): seeded traders hammer the spec's polling
// mix with closed-loop clients; each endpoint is compared with the trivial /api/health measured in the same run.
import { createSql } from "../../core/db";
import { signAccessToken } from "../../server/src/lib/auth";
import { ensureLoadTestUsers } from "../../scripts/admin";
import { BASELINE, TRADER_POLLING, requestsPerTraderPerSecond, type PollTarget } from "../scenarios";
import { createWorkspace, realServicesAvailable, startApp } from "../../scripts/app-process";
import { percentiles, type Report } from "./stats";

const SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "DOGEUSDT"];

async function seed(databaseUrl: string, secret: string, users: number, signalsPerUser: number): Promise<string[]> {
  const sql = createSql(databaseUrl, { max: 4 });
  const tokens: string[] = [];
  // The same accounts `bun run admin -- load-test-tokens` makes for k6, each with a history of signals to poll.
  for (const id of await ensureLoadTestUsers(sql, users)) {
    const user = { id };
    for (let i = 0; i < signalsPerUser; i++) {
      const type = ["LONG", "SHORT", "NO_TRADE"][i % 3];
      const noTrade = type === "NO_TRADE";
      const [req] = await sql`insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms, created_at)
        values (${user.id}, ${SYMBOLS[i % SYMBOLS.length]}, 'COMPLETED', 3, 100, ${noTrade ? "RELEASED" : "USED"}, 0, now() - ${`${i} hours`}::interval) returning id`;
      const [sig] = await sql`insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio,
          timeframe, reasoning, no_trade, is_active, market_time_ms, outcome, created_at)
        values (${user.id}, ${req.id}, ${SYMBOLS[i % SYMBOLS.length]}, ${type}, 0.6, ${noTrade ? null : 100}, ${noTrade ? null : 104},
          ${noTrade ? null : 98}, ${noTrade ? null : 2}, '1h', 'seeded for the benchmark', ${noTrade}, false, 0, ${noTrade ? null : "OPEN"},
          now() - ${`${i} hours`}::interval) returning id`;
      await sql`update analysis_requests set final_signal_id = ${sig.id} where id = ${req.id}`;
    }
    tokens.push(await signAccessToken(secret, { userId: user.id, sessionId: null }));
  }
  await sql.end();
  return tokens;
}

async function hammer(baseUrl: string, targets: PollTarget[], tokens: string[], concurrency: number, seconds: number) {
  const latencies = new Map<string, number[]>();
  let errors = 0;
  let requests = 0;
  // Pick endpoints in proportion to how often the client polls them.
  const weights = targets.map((t) => 1 / t.everySeconds);
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (let i = 0; i < targets.length; i++) if ((r -= weights[i]) <= 0) return targets[i];
    return targets[targets.length - 1];
  };
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const target = pick();
        const token = tokens[(worker + requests) % tokens.length];
        const t0 = performance.now();
        const res = await fetch(baseUrl + target.path, {
          headers: target.auth ? { authorization: `Bearer ${token}`, accept: "application/json" } : { accept: "application/json" },
        });
        await res.arrayBuffer();
        const ms = performance.now() - t0;
        requests++;
        if (!res.ok) errors++;
        (latencies.get(target.name) ?? latencies.set(target.name, []).get(target.name)!).push(ms);
      }
    }),
  );
  return { latencies, errors, requests, rps: requests / seconds };
}

export async function pollingBench(opts: { users: number; signalsPerUser: number; concurrency: number; seconds: number }): Promise<Report> {
  const ws = await createWorkspace("bench", await realServicesAvailable());
  const app = await startApp(ws, { quiet: true });
  try {
    const tokens = await seed(ws.databaseUrl, app.env.JWT_SECRET!, opts.users, opts.signalsPerUser);
    // Let the engine publish its first snapshots so market reads are 200s, not 503s.
    for (let i = 0; i < 60; i++) {
      const r = await fetch(app.baseUrls[0] + "/api/market/health");
      if (r.ok) break;
      await Bun.sleep(500);
    }
    await hammer(app.baseUrls[0], [BASELINE], tokens, opts.concurrency, 2); // warm-up
    const base = await hammer(app.baseUrls[0], [BASELINE], tokens, opts.concurrency, opts.seconds);
    const mix = await hammer(app.baseUrls[0], TRADER_POLLING, tokens, opts.concurrency, opts.seconds);
    const b = percentiles(base.latencies.get(BASELINE.name) ?? []);
    const lines = [
      `${opts.users} traders with ${opts.signalsPerUser} signals each, ${opts.concurrency} concurrent clients, ${opts.seconds}s per phase, one server process`,
      `baseline ${BASELINE.path}: ${base.rps.toFixed(0)} req/s, p50 ${b.p50.toFixed(2)} ms, p95 ${b.p95.toFixed(2)} ms`,
      `polling mix: ${mix.rps.toFixed(0)} req/s (${(mix.rps / base.rps).toFixed(2)}x of baseline throughput), ${mix.errors} non-2xx of ${mix.requests}`,
      `≈ ${(mix.rps / requestsPerTraderPerSecond).toFixed(0)} traders per server process at the spec's intervals (${requestsPerTraderPerSecond.toFixed(2)} req/s each)`,
    ];
    for (const t of TRADER_POLLING) {
      const p = percentiles(mix.latencies.get(t.name) ?? []);
      if (!p.n) continue;
      lines.push(`  ${t.name.padEnd(22)} n=${String(p.n).padStart(6)}  p50 ${p.p50.toFixed(2).padStart(7)} ms  p95 ${p.p95.toFixed(2).padStart(7)} ms  p95/baseline ${(p.p95 / b.p95).toFixed(1)}x`);
    }
    return { name: "polling API", lines, ok: mix.errors === 0 };
  } finally {
    await app.stop();
    await ws.drop();
  }
}
