// The benchmark's local Caddyfile (load-tests/harness/proxy.ts) is deploy/Caddyfile with only the loopback changes, and
// Caddy accepts it: the proxy measured by `bun run bench … --proxy caddy` is the one compose deploys.
import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../../scripts/app-process";
import { localCaddyfile } from "../../load-tests/harness/proxy";

const deployed = readFileSync(join(ROOT, "deploy/Caddyfile"), "utf8");

test("the local variant differs from deploy/Caddyfile only by the admin API off and the socket upstreams by address", () => {
  const local = localCaddyfile(deployed);
  expect(local.startsWith("{\n\tadmin off\n}\n\n")).toBe(true);
  expect(local.slice("{\n\tadmin off\n}\n\n".length)).toBe(deployed.replace("reverse_proxy server:3000 {", "reverse_proxy {$SERVER_REPLICAS} {"));
  expect(() => localCaddyfile(deployed.replace("server:3000", "elsewhere:3000"))).toThrow("update load-tests/harness/proxy.ts");
});

test("Caddy adapts the local variant with both upstream lists set to the replicas", () => {
  const caddy = Bun.which("caddy");
  if (!caddy) throw new Error("caddy not found: install Debian's caddy package (apt-get install caddy)");
  const dir = mkdtempSync(join(tmpdir(), "tw-caddy-test-"));
  try {
    writeFileSync(join(dir, "Caddyfile"), localCaddyfile(deployed));
    const run = Bun.spawnSync([caddy, "adapt", "--config", join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
      env: { ...process.env, SITE_ADDRESS: "http://127.0.0.1:18080", SERVER_REPLICAS: "127.0.0.1:18001 127.0.0.1:18002", HOME: dir },
    });
    expect(`exit ${run.exitCode} ${run.exitCode ? run.stderr.toString() : ""}`).toBe("exit 0 ");
    const config = JSON.parse(run.stdout.toString());
    expect(config.admin).toEqual({ disabled: true });
    const text = JSON.stringify(config);
    // The socket route and the API route each dial both replicas.
    expect(text.split('{"dial":"127.0.0.1:18001"}').length - 1).toBe(2);
    expect(text.split('{"dial":"127.0.0.1:18002"}').length - 1).toBe(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
