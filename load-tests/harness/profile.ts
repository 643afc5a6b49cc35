// `bun run bench profile`: where a dashboard poll's time goes. One server process, the server's own CPU time (from
// /proc) per request of the trivial /api/health and of the dashboard's steady-state mix, each in its own closed loop
// after an untimed warm-up; `--cpu-prof DIR` also writes Bun's CPU profile of the server (markdown, per function).
import { BASELINE, TRADER_POLLING, type PollTarget } from "../scenarios";
import { createWorkspace, realServicesAvailable, startApp } from "../../scripts/app-process";
import type { HttpResult } from "./client-worker";
import { shares, spawnClients, split } from "./clients";
import { marketReady } from "./polling";
import { seedTraders } from "./seed";
import { cpuMs, merge, round, type Report } from "./stats";

export type ProfileOptions = {
  users: number;
  signalsPerUser: number;
  concurrency: number;
  seconds: number;
  workers: number;
  cpuProf?: string;
  /** Also each polled path alone: its CPU per request, and its share of the mix's excess over /api/health. */
  byTarget?: boolean;
};

/** The server's counters that say what a poll did (304 or a read, session check from memory or Postgres), by series. */
const COUNTED = /^(tradewind_polled_list_responses_total|tradewind_shared_answers_total|tradewind_session_cache_total)\{([^}]*)\} (\S+)$/;
async function counters(metricsUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const out = new Map<string, number>();
  for (const line of text.split("\n")) {
    const m = COUNTED.exec(line);
    if (m) out.set(`${m[1].replace(/^tradewind_|_total$/g, "")}{${m[2]}}`, Number(m[3]));
  }
  return out;
}
const counted = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].map(([k, v]) => [k, v - (before.get(k) ?? 0)] as const).filter(([, n]) => n > 0);

/** Server CPU per request over one timed closed loop (the warm-up's requests and CPU are left out). */
async function measure(baseUrl: string, metricsUrl: string, pid: number, targets: PollTarget[], tokens: string[], o: ProfileOptions) {
  const perWorker = shares(o.concurrency, o.workers).filter((c) => c > 0);
  const parts = split(tokens, perWorker.length);
  const clients = spawnClients<HttpResult>(
    perWorker.map((concurrency, i) => ({
      kind: "closed",
      baseUrl,
      targets,
      tokens: parts[i],
      concurrency,
      seconds: o.seconds,
      warm: true,
      hold: true,
    })),
    (o.seconds + 180) * 1000,
  );
  await clients.ready;
  const seen = await counters(metricsUrl);
  const before = cpuMs(pid);
  const from = Date.now();
  clients.stop();
  const r = merge(await clients.results);
  const after = cpuMs(pid);
  const what = counted(seen, await counters(metricsUrl));
  const window = { from, to: Date.now() };
  const cpu = after.user + after.system - before.user - before.system;
  return {
    rps: r.requests / r.seconds,
    cpuUsPerRequest: (cpu * 1000) / r.requests,
    clientCpuUsPerRequest: r.cpuUs / r.requests,
    errors: r.errors,
    samples: r.errorSamples,
    window,
    what,
  };
}

export async function profileBench(o: ProfileOptions): Promise<Report> {
  const ws = await createWorkspace("bench", await realServicesAvailable());
  const serverFlags = o.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${o.cpuProf}`] : [];
  const app = await startApp(ws, { quiet: true, servers: 1, serverFlags, metrics: true });
  try {
    const baseUrl = app.baseUrls[0];
    const pid = app.processes[0].pid;
    const { tokens } = await seedTraders(ws.databaseUrl, app.env.JWT_SECRET!, o.users, o.signalsPerUser);
    await marketReady(baseUrl);
    const health = await measure(baseUrl, app.metricsUrls[0], pid, [BASELINE], tokens, o);
    const mix = await measure(baseUrl, app.metricsUrls[0], pid, TRADER_POLLING, tokens, o);
    const json = {
      scenario: "profile",
      users: o.users,
      health_rps: round(health.rps, 0),
      health_cpu_us: round(health.cpuUsPerRequest, 1),
      mix_rps: round(mix.rps, 0),
      mix_cpu_us: round(mix.cpuUsPerRequest, 1),
      cpu_ratio: round(mix.cpuUsPerRequest / health.cpuUsPerRequest, 2),
      client_health_cpu_us: round(health.clientCpuUsPerRequest, 1),
      client_mix_cpu_us: round(mix.clientCpuUsPerRequest, 1),
      errors: health.errors + mix.errors,
    };
    const lines = [
      `server CPU per request, ${o.concurrency} closed-loop clients for ${o.seconds}s each, ${o.users} traders:`,
      `  /api/health   ${json.health_rps} req/s  ${json.health_cpu_us} µs`,
      `  polling mix   ${json.mix_rps} req/s  ${json.mix_cpu_us} µs (${json.cpu_ratio}× health)`,
      `the load generator's own CPU per request (its worker processes share the machine): /api/health ${json.client_health_cpu_us} µs, mix ${json.client_mix_cpu_us} µs`,
      "what the mix's requests did (server counters over the timed run):",
      ...mix.what.map(([k, n]) => `  ${k.padEnd(70)} ${n}`),
      `errors ${json.errors}${json.errors ? `: ${[...health.samples, ...mix.samples].slice(0, 5).join("; ")}` : ""}`,
    ];
    if (o.cpuProf) {
      await app.stop();
      const exitedAt = Date.now();
      lines.push("", "server self time by function while /api/health ran:", ...(await hottest(o.cpuProf, health.window, exitedAt)));
      lines.push("", "server self time by function while the mix ran:", ...(await hottest(o.cpuProf, mix.window, exitedAt)));
    }
    if (o.byTarget) lines.push("", ...(await byTarget(baseUrl, app.metricsUrls[0], pid, tokens, o, health.cpuUsPerRequest)));
    return { name: "profile", json, lines, ok: json.errors === 0 };
  } finally {
    await app.stop();
    await ws.drop();
  }
}

/**
 * Each polled path in a closed loop of its own: CPU per request, and what it adds to the mix's CPU per request beyond
 * /api/health's (its share of the mix's requests × its excess), so the paths that cost the ratio most come first.
 */
async function byTarget(baseUrl: string, metricsUrl: string, pid: number, tokens: string[], o: ProfileOptions, healthUs: number) {
  const rate = (t: PollTarget) => 1 / t.everySeconds;
  const total = TRADER_POLLING.reduce((sum, t) => sum + rate(t), 0);
  const rows: { name: string; us: number; adds: number }[] = [];
  for (const t of TRADER_POLLING) {
    const m = await measure(baseUrl, metricsUrl, pid, [t], tokens, o);
    rows.push({ name: t.name, us: m.cpuUsPerRequest, adds: (rate(t) / total) * (m.cpuUsPerRequest - healthUs) });
  }
  return [
    "each polled path alone (CPU per request; µs it adds to the mix's per-request CPU beyond /api/health's):",
    ...rows
      .sort((a, b) => b.adds - a.adds)
      .map((r) => `  ${r.name.padEnd(24)} ${r.us.toFixed(1).padStart(7)} µs  ${(r.us / healthUs).toFixed(2)}×  adds ${r.adds.toFixed(1)} µs`),
  ];
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
};

/**
 * The profile's samples inside `window` (wall ms), placed by their distance from the profile's end (the process exit,
 * `exitedAt`: the profile's own clock is not the wall clock): the functions with the most samples, idle left out.
 */
async function hottest(dir: string, window: { from: number; to: number }, exitedAt: number, top = 25): Promise<string[]> {
  const { readdirSync } = await import("node:fs");
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort()
    .at(-1);
  if (!file) return ["  (no profile written)"];
  const p = (await Bun.file(`${dir}/${file}`).json()) as CpuProfile;
  const frame = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  const times: number[] = [];
  let t = p.endTime;
  for (let i = p.samples.length - 1; i >= 0; i--) {
    times[i] = t;
    t -= p.timeDeltas[i];
  }
  const counts = new Map<string, number>();
  let total = 0;
  for (const [i, id] of p.samples.entries()) {
    const wall = exitedAt - (p.endTime - times[i]) / 1000;
    const f = frame.get(id)!;
    if (wall < window.from || wall > window.to || f.functionName === "(idle)" || f.functionName === "(program)") continue;
    const name = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*node_modules\//, "").replace(process.cwd() + "/", "")}:${f.lineNumber}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    total++;
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, n]) => `  ${((100 * n) / total).toFixed(1).padStart(5)} %  ${name}`);
}
