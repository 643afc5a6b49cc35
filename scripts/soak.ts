// `bun run soak [--minutes 10 --traders 50 --sockets 200 --analyses-every 20]`: the polling mix, the socket fan-out
// and running analyses at a moderate load for minutes; reports every process's memory slope, errors and reconcile.
import { applyCreditChange } from "@core/ledger/credits";
import { maxDurationMs } from "@core/queues/analysis-queue";
import { createSql, type Sql } from "@core/infra/db";
import { signAccessToken } from "../server/src/lib/auth";
import { TRADER_POLLING, SUBSCRIBE_MESSAGE } from "../load-tests/scenarios";
import { rssKb } from "../load-tests/harness/stats";
import { createWorkspace, realServicesAvailable, startApp } from "./app-process";
import { reconcile } from "./reconcile";

export type SoakOptions = { seconds: number; traders: number; sockets: number; analysesEverySeconds: number; sampleEverySeconds: number };
type Sample = { t: number; rssMb: number[] };

/** Least-squares slope of y over x; the memory trend in MB per minute when x is minutes. */
export function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** Traders with credits in the ledger and a real login session each (the server checks sessions on every call). */
async function seedTraders(sql: Sql, secret: string, n: number): Promise<{ id: number; token: string }[]> {
  const traders: { id: number; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    const [u] = await sql`insert into users (email, password_hash, first_name, last_name, credits)
      values (${`soak.${i}.${Date.now()}@example.test`}, 'x', 'Soak', ${`Trader ${i}`}, 0) returning id`;
    await sql.begin((tx) => applyCreditChange(tx, { userId: u.id, kind: "GRANT", amount: 100, referenceType: "admin", note: "soak" }));
    const [s] = await sql`insert into login_sessions (user_id, device_id, status, verified, expires_at)
      values (${u.id}, ${`soak-${i}`}, 'active', true, now() + interval '1 day') returning id`;
    traders.push({ id: u.id, token: await signAccessToken(secret, { userId: u.id, sessionId: s.id }, 24 * 3600) });
  }
  return traders;
}

type Counters = { requests: number; errors: number; errorSamples: string[]; messages: number; socketDrops: number; analyses: number };

function countError(c: Counters, what: string) {
  c.errors++;
  if (c.errorSamples.length < 10) c.errorSamples.push(what);
}

/** Market reads answer 503 until the engine has published every topic once; the soak measures the steady state after. */
async function marketReady(baseUrl: string) {
  const paths = TRADER_POLLING.filter((t) => !t.auth).map((t) => t.path);
  for (let i = 0; i < 240; i++) {
    const answers = await Promise.all(
      paths.map((p) =>
        fetch(baseUrl + p).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    if (answers.every((s) => s === 200)) return;
    await Bun.sleep(250);
  }
  throw new Error("market snapshots not published within 60 s");
}

/** Sleeps `ms`, but never past the end of the run. */
const sleepWithin = (ms: number, until: number) => Bun.sleep(Math.max(0, Math.min(ms, until - Date.now())));

/** Open loop: each trader polls each endpoint at the spec's interval, from a random phase. */
function startPolling(baseUrl: string, traders: { token: string }[], c: Counters, until: number): Promise<void>[] {
  return traders.flatMap((trader) =>
    TRADER_POLLING.map(async (target) => {
      await sleepWithin(Math.random() * target.everySeconds * 1000, until);
      while (Date.now() < until) {
        const res = await fetch(baseUrl + target.path, {
          headers: target.auth ? { authorization: `Bearer ${trader.token}` } : {},
          signal: AbortSignal.timeout(10_000),
        }).catch((err: Error) => ({ ok: false, status: err.name }) as const);
        c.requests++;
        if (!res.ok) countError(c, `${target.path} ${res.status}`);
        if ("arrayBuffer" in res) await res.arrayBuffer();
        await sleepWithin(target.everySeconds * 1000, until);
      }
    }),
  );
}

function openSockets(baseUrl: string, n: number, c: Counters): WebSocket[] {
  return Array.from({ length: n }, () => {
    const socket = new WebSocket(`${baseUrl.replace("http", "ws")}/ws/market`);
    socket.onopen = () => socket.send(SUBSCRIBE_MESSAGE);
    socket.onmessage = () => c.messages++;
    socket.onclose = (e) => {
      if (e.code !== 1000) c.socketDrops++;
    };
    return socket;
  });
}

/** One analysis every `every` seconds, rotating over the traders so nobody hits the 3-running cap. */
async function startAnalyses(baseUrl: string, traders: { token: string }[], every: number, c: Counters, until: number) {
  const symbols = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT"];
  for (let i = 0; Date.now() < until; i++) {
    const res = await fetch(`${baseUrl}/api/analysis/start`, {
      method: "POST",
      headers: { authorization: `Bearer ${traders[i % traders.length].token}`, "content-type": "application/json" },
      body: JSON.stringify({ symbol: symbols[i % symbols.length] }),
    });
    c.analyses++;
    if (!res.ok) countError(c, `analysis/start ${res.status} ${await res.text()}`);
    await sleepWithin(every * 1000, until);
  }
}

export async function soak(opts: SoakOptions) {
  const ws = await createWorkspace("soak", await realServicesAvailable());
  // Every soak client comes from 127.0.0.1: the per-address socket cap is lifted above the socket count.
  const app = await startApp(ws, { quiet: true, env: { WS_MAX_PER_IP: String(opts.sockets + 20), LOG_LEVEL: "error" } });
  const sql = createSql(ws.databaseUrl, { max: 2 });
  const c: Counters = { requests: 0, errors: 0, errorSamples: [], messages: 0, socketDrops: 0, analyses: 0 };
  const samples: Sample[] = [];
  try {
    const traders = await seedTraders(sql, app.env.JWT_SECRET!, opts.traders);
    await marketReady(app.baseUrls[0]);
    const pids = app.processes.map((p) => p.pid);
    const t0 = Date.now();
    const until = t0 + opts.seconds * 1000;
    const sockets = openSockets(app.baseUrls[0], opts.sockets, c);
    const sampler = setInterval(
      () => samples.push({ t: (Date.now() - t0) / 60_000, rssMb: pids.map((pid) => rssKb(pid) / 1024) }),
      opts.sampleEverySeconds * 1000,
    );
    await Promise.all([
      ...startPolling(app.baseUrls[0], traders, c, until),
      startAnalyses(app.baseUrls[0], traders, opts.analysesEverySeconds, c, until),
    ]);
    clearInterval(sampler);
    for (const s of sockets) s.close(1000);
    // Let the last analyses finish before the books are checked.
    const phaseSeconds = Number(app.env.ANALYSIS_PHASE_SECONDS ?? 2);
    const deadline = Date.now() + maxDurationMs({ ANALYSIS_PHASE_SECONDS: phaseSeconds });
    while (Date.now() < deadline) {
      const [{ n }] = await sql`select count(*)::int as n from analysis_requests where status = 'IN_PROGRESS'`;
      if (n === 0) break;
      await Bun.sleep(1000);
    }
    const findings = await reconcile(sql, maxDurationMs({ ANALYSIS_PHASE_SECONDS: phaseSeconds }));
    // The first fifth is warm-up (JIT, pools, caches filling); the trend is read over the rest.
    const steady = samples.filter((s) => s.t >= (opts.seconds / 60) * 0.2);
    const names = [...app.baseUrls.map((_, i) => `server${i + 1}`), "engine"];
    const memory = Object.fromEntries(
      names.map((name, i) => [
        name,
        {
          start_mb: round(steady[0]?.rssMb[i]),
          end_mb: round(steady.at(-1)?.rssMb[i]),
          slope_mb_per_min: round(
            slope(
              steady.map((s) => s.t),
              steady.map((s) => s.rssMb[i]),
            ),
            3,
          ),
        },
      ]),
    );
    const [{ completed }] = await sql`select count(*)::int as completed from analysis_requests where status <> 'IN_PROGRESS'`;
    return {
      scenario: "soak",
      minutes: round(opts.seconds / 60, 2),
      traders: opts.traders,
      sockets: opts.sockets,
      requests: c.requests,
      errors: c.errors,
      error_samples: c.errorSamples,
      socket_messages: c.messages,
      socket_drops: c.socketDrops,
      analyses_started: c.analyses,
      analyses_settled: completed as number,
      memory,
      reconcile: findings.length ? findings.map((f) => f.detail) : "clean",
    };
  } finally {
    await sql.end();
    await app.stop();
    await ws.drop();
  }
}

const round = (x: number | undefined, digits = 1) => (x === undefined ? null : Math.round(x * 10 ** digits) / 10 ** digits);

if (import.meta.main) {
  const args = process.argv.slice(2);
  const flag = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const seconds = args.includes("--seconds") ? flag("seconds", 600) : flag("minutes", 10) * 60;
  const report = await soak({
    seconds,
    traders: flag("traders", 50),
    sockets: flag("sockets", 200),
    analysesEverySeconds: flag("analyses-every", 20),
    sampleEverySeconds: flag("sample-every", Math.max(1, Math.min(10, seconds / 30))),
  });
  console.log(JSON.stringify(report));
  const ok = report.errors === 0 && report.socket_drops === 0 && report.reconcile === "clean" && report.analyses_settled === report.analyses_started;
  process.exit(ok ? 0 : 1);
}
