// `bun run bench -- <polling|profile|fanout|fanout-floor|analysis|auth|web|engine|cost|plan|all>[,…] [--json] [--key value …]`: the k6 scenarios measured locally
// against a throwaway app (fresh database and Redis prefix, clients in their own processes). --json prints one line
// of JSON per scenario and nothing else on stdout.
import { analysisBench } from "./analysis";
import { authTimingBench } from "./auth-timing";
import { costBench } from "./cost";
import { planFromFile } from "./plan";
import { engineBench } from "./engine";
import { fanoutBench } from "./fanout";
import { pollingBench } from "./polling";
import { profileBench } from "./profile";
import type { Report } from "./stats";
import { webSizeBench } from "./web-size";

const [which = "all", ...rest] = process.argv.slice(2).filter((a) => a !== "--");
const json = rest.includes("--json");
const flag = (name: string, fallback: number) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? Number(rest[i + 1]) : fallback;
};
/** Bounds: more clients than this is a typo, not a benchmark of one machine. */
const bounded = (name: string, value: number, max: number) => {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`--${name} must be an integer from 1 to ${max}`);
  return value;
};
const workers = bounded("workers", flag("workers", 2), 16);
/** `--proxy caddy`: the polling scenarios through Caddy on deploy/Caddyfile (the only proxy offered). */
const proxyIndex = rest.indexOf("--proxy");
const proxy = proxyIndex >= 0 ? rest[proxyIndex + 1] : undefined;
if (proxy !== undefined && proxy !== "caddy") throw new Error("--proxy takes caddy (Debian's package, on deploy/Caddyfile)");

const fanoutOptions = (floor: boolean) => ({
  sockets: bounded("sockets", flag("sockets", flag("clients", 1000)), 20_000),
  updates: bounded("updates", flag("updates", 20), 1000),
  servers: bounded("servers", flag("servers", 2), 8),
  batch: bounded("batch", flag("batch", 200), 2000),
  workers,
  floor,
});

const SCENARIOS: Record<string, () => Promise<Report>> = {
  polling: () =>
    pollingBench({
      users: bounded("users", flag("users", 500), 20_000),
      signalsPerUser: flag("signals", 40),
      concurrency: bounded("concurrency", flag("concurrency", 64), 4096),
      seconds: bounded("seconds", flag("seconds", 30), 600),
      saturateSeconds: bounded("saturate-seconds", flag("saturate-seconds", 10), 600),
      workers,
      cold: rest.includes("--cold"),
      servers: bounded("servers", flag("servers", 1), 8),
      proxy,
    }),
  profile: () => {
    const i = rest.indexOf("--cpu-prof");
    return profileBench({
      users: bounded("users", flag("users", 2000), 20_000),
      signalsPerUser: flag("signals", 40),
      concurrency: bounded("concurrency", flag("concurrency", 64), 4096),
      seconds: bounded("seconds", flag("seconds", 10), 600),
      workers,
      cpuProf: i >= 0 ? rest[i + 1] : undefined,
      byTarget: rest.includes("--by-target"),
    });
  },
  fanout: () => fanoutBench(fanoutOptions(false)),
  "fanout-floor": () => fanoutBench(fanoutOptions(true)),
  analysis: () => analysisBench({ inFlight: bounded("in-flight", flag("in-flight", 100), 5000), workers }),
  auth: () => authTimingBench({ samples: flag("samples", 40) }),
  // Not a measurement: the capacity plan from a file of the lines the others print (docs/CAPACITY.md).
  plan: async () =>
    planFromFile(rest.find((a) => !a.startsWith("--")) ?? "", {
      registered: flag("registered", 1_000_000),
      online: flag("online", 100_000),
      analysesPerDay: flag("analyses-per-day", 10),
      peakFactor: flag("peak-factor", 3),
    }),
  cost: () =>
    costBench({
      users: bounded("users", flag("users", 300), 5000),
      analyses: bounded("analyses", flag("analyses", 20), 500),
      signalsPerUser: flag("signals", 40),
      seconds: bounded("seconds", flag("seconds", 30), 600),
      idleSeconds: bounded("idle-seconds", flag("idle-seconds", 10), 120),
    }),
  web: webSizeBench,
  engine: () =>
    engineBench({
      pairs: bounded("pairs", flag("pairs", 30), 500),
      samples: bounded("samples", flag("samples", 200), 10_000),
      days: bounded("days", flag("days", 731), 731),
    }),
};

// Several in one run, back to back: `fanout,fanout-floor` compares the app with the bare relay on the same machine state.
const names = which === "all" ? ["polling", "fanout", "analysis", "auth", "web"] : which.split(",");
if (!names.every((n) => n in SCENARIOS)) {
  console.error(
    "usage: bun run bench -- <polling|profile|fanout|fanout-floor|analysis|auth|web|engine|cost|plan|all>[,…] [--json] [--workers N]\n" +
      "  polling: --users N --signals N --seconds N (open loop) --concurrency N --saturate-seconds N (closed loop) [--cold] [--servers N] [--proxy caddy]\n" +
      "  profile: --users N --concurrency N --seconds N [--cpu-prof DIR] [--by-target] (server CPU per request: /api/health against the mix, and each polled path alone)\n" +
      "  fanout: --sockets N --servers N --updates N --batch N (fanout-floor: the same clients against a bare Bun.serve relay)\n  analysis: --in-flight N\n  auth: --samples N\n  web: landing JS size\n  engine: --pairs N --samples N --days N (scoring one analysis; backtest of the most liquid pairs × 3 years)",
  );
  process.exit(2);
}
let ok = true;
for (const name of names) {
  const t0 = performance.now();
  const report = await SCENARIOS[name]();
  ok &&= report.ok;
  if (json) console.log(JSON.stringify(report.json));
  else {
    console.log(`\n== ${report.name}${report.ok ? "" : " (INCOMPLETE)"} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    for (const line of report.lines) console.log(line);
  }
}
process.exit(ok ? 0 : 1);
