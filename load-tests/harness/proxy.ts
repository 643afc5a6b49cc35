// The real proxy in front of the benchmark's server processes: Debian's Caddy (`/usr/bin/caddy`) run on a local variant
// of deploy/Caddyfile, so `--proxy caddy` measures polling and the cold start as compose deploys them (per-replica cap,
// bounded wait, health checks) instead of a client-side pool imitating them.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/infra";
import { ROOT } from "../../scripts/app-process";

export type RunningProxy = { url: string; pid: number; stop: () => Promise<void> };

/**
 * deploy/Caddyfile for loopback: admin API off (several benchmarks, or other users' Caddy, may run on one machine:
 * the default admin port 2019 would clash) and the socket route sent to the replicas by address, since there is no
 * Docker DNS name `server` here. Everything else, the API block with its cap, wait and health checks, is the file's.
 */
export function localCaddyfile(deployed: string): string {
  const sockets = "reverse_proxy server:3000 {";
  if (!deployed.includes(sockets)) throw new Error(`deploy/Caddyfile no longer has "${sockets}": update load-tests/harness/proxy.ts`);
  return `{\n\tadmin off\n}\n\n${deployed.replace(sockets, "reverse_proxy {$SERVER_REPLICAS} {")}`;
}

/** Starts Caddy on a free loopback port in front of `baseUrls` (http://host:port each); resolves once it answers. */
export async function startCaddy(baseUrls: string[]): Promise<RunningProxy> {
  const caddy = Bun.which("caddy");
  if (!caddy) throw new Error("--proxy caddy needs Caddy (Debian: apt-get install caddy)");
  const dir = mkdtempSync(join(tmpdir(), "tw-caddy-"));
  const config = join(dir, "Caddyfile");
  writeFileSync(config, localCaddyfile(await Bun.file(join(ROOT, "deploy/Caddyfile")).text()));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const replicas = baseUrls.map((u) => new URL(u)).map((u) => `127.0.0.1:${u.port}`);
  const proc = Bun.spawn([caddy, "run", "--config", config, "--adapter", "caddyfile"], {
    // Its certificates and state in the scratch folder, not the user's home.
    env: { ...process.env, SITE_ADDRESS: url, SERVER_REPLICAS: replicas.join(" "), XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, HOME: dir },
    stdout: "ignore",
    stderr: "pipe",
  });
  let log = "";
  void (async () => {
    for await (const chunk of proc.stderr) if (log.length < 20_000) log += new TextDecoder().decode(chunk);
  })();
  const stop = async () => {
    proc.kill("SIGTERM");
    await Promise.race([proc.exited, Bun.sleep(5000)]);
    if (proc.exitCode === null) proc.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 80; i++) {
    if (proc.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: proc.pid, stop };
    } catch {}
    await Bun.sleep(250);
  }
  await stop();
  throw new Error(`caddy did not answer on ${url} within 20 s:\n${log.slice(-2000)}`);
}
