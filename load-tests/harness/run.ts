// `bun run bench [polling|fanout|auth|all] [--key value …]`: the k6 scenarios measured locally against a throwaway app.
import { pollingBench } from "./polling";
import { fanoutBench } from "./fanout";
import { authTimingBench } from "./auth-timing";
import type { Report } from "./stats";

const [which = "all", ...rest] = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? Number(rest[i + 1]) : fallback;
};

const reports: Report[] = [];
if (which === "polling" || which === "all") {
  reports.push(await pollingBench({ users: flag("users", 50), signalsPerUser: flag("signals", 40), concurrency: flag("concurrency", 32), seconds: flag("seconds", 10) }));
}
if (which === "fanout" || which === "all") {
  reports.push(await fanoutBench({ clients: flag("clients", 1000), updates: flag("updates", 20), servers: flag("servers", 2) }));
}
if (which === "auth" || which === "all") {
  reports.push(await authTimingBench({ samples: flag("samples", 40) }));
}
if (!reports.length) {
  console.error("usage: bun run bench [polling|fanout|auth|all] [--users N --signals N --concurrency N --seconds N --clients N --updates N --servers N]");
  process.exit(2);
}
for (const r of reports) {
  console.log(`\n== ${r.name}${r.ok ? "" : " (INCOMPLETE)"}`);
  for (const line of r.lines) console.log(line);
}
process.exit(reports.every((r) => r.ok) ? 0 : 1);
