// Account enumeration by timing: median answer time of login, send-code and forgot-password for registered versus
// unknown e-mails, interleaved against one throwaway app. The ratio should stay near 1.
import { createSql } from "../../core/infra/db";
import { createWorkspace, realServicesAvailable, startApp } from "../../scripts/app-process";
import { ensureLoadTestUsers } from "../../scripts/admin";
import { percentiles, round, type Report } from "./stats";

type Probe = { name: string; path: string; body: (email: string) => unknown };

const PROBES: Probe[] = [
  { name: "login (wrong password)", path: "/api/auth/login", body: (email) => ({ email, password: "Wrong-pass-1", device_id: "timing-probe" }) },
  { name: "send-code", path: "/api/auth/send-code", body: (email) => ({ email }) },
  { name: "forgot-password", path: "/api/auth/forgot-password", body: (email) => ({ email }) },
];

export async function authTimingBench(opts: { samples: number }): Promise<Report> {
  const ws = await createWorkspace("bench", await realServicesAvailable());
  // Every probe comes from its own address (loopback is trusted as the proxy) so per-IP limits do not answer early.
  const app = await startApp(ws, { quiet: true, env: { TRUSTED_PROXY: "127.0.0.1,::1" } });
  const lines = [`${opts.samples} samples per probe and side, interleaved; each e-mail used once per probe`];
  const ratios: Record<string, number | null> = {};
  let ok = true;
  try {
    const sql = createSql(ws.databaseUrl, { max: 2 });
    await ensureLoadTestUsers(sql, opts.samples);
    await sql.end();
    let ip = 0;
    const time = async (probe: Probe, email: string) => {
      ip++;
      const t0 = performance.now();
      const res = await fetch(app.baseUrls[0] + probe.path, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${ip >> 8}.${ip & 255}` },
        body: JSON.stringify(probe.body(email)),
      });
      await res.arrayBuffer();
      return { ms: performance.now() - t0, status: res.status };
    };
    for (const probe of PROBES) {
      const known: number[] = [];
      const unknown: number[] = [];
      const statuses = new Set<string>();
      await time(probe, "warmup@load.test");
      for (let i = 0; i < opts.samples; i++) {
        const a = await time(probe, `loadtest-${i}@load.test`);
        const b = await time(probe, `nobody-${i}-${Date.now()}@load.test`);
        known.push(a.ms);
        unknown.push(b.ms);
        statuses.add(`${a.status}/${b.status}`);
      }
      const k = percentiles(known);
      const u = percentiles(unknown);
      const same = statuses.size === 1 && [...statuses][0].split("/").every((s, _, all) => s === all[0]);
      ok &&= same;
      ratios[probe.name] = round(k.p50 / u.p50, 3);
      lines.push(
        `  ${probe.name.padEnd(24)} registered p50 ${k.p50.toFixed(2).padStart(7)} ms  unknown p50 ${u.p50.toFixed(2).padStart(7)} ms  ratio ${(k.p50 / u.p50).toFixed(2)}  statuses ${[...statuses].join(",")}`,
      );
    }
    return { name: "auth timing (enumeration)", json: { scenario: "auth", samples: opts.samples, p50_ratio: ratios, same_statuses: ok }, lines, ok };
  } finally {
    await app.stop();
    await ws.drop();
  }
}
