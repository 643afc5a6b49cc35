// Who the client is behind proxies (CIDR trust, X-Forwarded-For right to left, only valid IPs), the /64 key, the proxy warning, and the compose file.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { parseConfig } from "@core/infra/config";
import { trustedProxies } from "@core/infra/trusted-proxy";
import { clientIp, ipKey } from "./client-ip";
import { SINGLE_PEER_REQUESTS, singlePeerWatch } from "./proxy-warning";

const req = (xff?: string) => new Request("http://x/", { headers: xff === undefined ? {} : { "x-forwarded-for": xff } });
const from = (address: string) => ({ requestIP: () => ({ address }) });
const ip = (trusted: string | undefined, peer: string, xff?: string) => clientIp({ TRUSTED_PROXY: trusted }, req(xff), from(peer));

describe("client IP", () => {
  test("an untrusted peer is the client, whatever X-Forwarded-For claims", () => {
    expect(ip(undefined, "198.51.100.7", "1.2.3.4")).toBe("198.51.100.7");
    expect(ip("10.0.0.0/8", "198.51.100.7", "1.2.3.4")).toBe("198.51.100.7");
  });

  test("behind trusted hops (addresses or CIDRs) the client is the right-most untrusted entry", () => {
    // The client forged the left-most entry; the proxy appended what it saw.
    expect(ip("172.28.0.10", "172.28.0.10", "6.6.6.6, 198.51.100.9")).toBe("198.51.100.9");
    expect(ip("172.16.0.0/12", "172.28.0.10", "6.6.6.6, 198.51.100.9, 172.20.0.3")).toBe("198.51.100.9");
    expect(ip("172.16.0.0/12,fd00::/8", "fd00::1", "2001:db8::5, 172.20.0.3")).toBe("2001:db8::5");
    expect(ip("::ffff:172.28.0.10", "::ffff:172.28.0.10", "198.51.100.9")).toBe("198.51.100.9");
  });

  test("an entry that is not an IP ends the walk at the last trusted hop; no header means the proxy itself", () => {
    expect(ip("172.28.0.10", "172.28.0.10", "198.51.100.9, not-an-ip")).toBe("172.28.0.10");
    expect(ip("172.16.0.0/12", "172.28.0.10", "198.51.100.9:443, 172.20.0.3")).toBe("172.20.0.3");
    expect(ip("172.28.0.10", "172.28.0.10")).toBe("172.28.0.10");
  });

  test("IPv6 clients are counted by their /64; IPv4 by address", () => {
    expect(ipKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(ipKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(ipKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipKey("2001:db8:1:3::1")).not.toBe(ipKey("2001:db8:1:2::1"));
    expect(ipKey("198.51.100.9")).toBe("198.51.100.9");
  });

  test("TRUSTED_PROXY takes addresses and CIDRs and refuses anything else at start", () => {
    expect(() => trustedProxies("10.0.0.0/8, 172.28.0.10, fd00::/8")).not.toThrow();
    expect(() => trustedProxies("proxy.local")).toThrow();
    expect(() => trustedProxies("10.0.0.0/33")).toThrow();
    expect(() => parseConfig({ ...process.env, TRUSTED_PROXY: "10.0.0.0/99" })).toThrow(/TRUSTED_PROXY/);
    expect(parseConfig({ ...process.env, TRUSTED_PROXY: "172.28.0.10,fd00::/8" }).TRUSTED_PROXY).toBe("172.28.0.10,fd00::/8");
  });
});

describe("one private address for all traffic in production", () => {
  const capture = () => {
    const errors: { msg: string; fields?: Record<string, unknown> }[] = [];
    const log = { debug() {}, info() {}, warn() {}, error: (msg: string, fields?: Record<string, unknown>) => errors.push({ msg, fields }) };
    return { log, errors };
  };

  test("warns once, loudly, when a proxy is in front without TRUSTED_PROXY", () => {
    const { log, errors } = capture();
    const watch = singlePeerWatch({ isProduction: true, TRUSTED_PROXY: undefined }, log);
    let lookups = 0;
    const peer = () => {
      lookups++;
      return "172.28.0.10";
    };
    for (let i = 0; i < SINGLE_PEER_REQUESTS * 2; i++) watch(peer);
    expect(errors).toHaveLength(1);
    expect(errors[0].msg).toContain("TRUSTED_PROXY");
    // Once it has spoken, the address is no longer looked up per request.
    expect(lookups).toBe(SINGLE_PEER_REQUESTS);
  });

  test("stays quiet with a trusted proxy, with real client addresses, and outside production", () => {
    for (const [config, peers] of [
      [{ isProduction: true, TRUSTED_PROXY: "172.28.0.10" }, ["172.28.0.10"]],
      [{ isProduction: true, TRUSTED_PROXY: undefined }, ["172.28.0.10", "198.51.100.9"]],
      [{ isProduction: true, TRUSTED_PROXY: undefined }, ["198.51.100.9"]],
      [{ isProduction: false, TRUSTED_PROXY: undefined }, ["172.28.0.10"]],
    ] as const) {
      const { log, errors } = capture();
      const watch = singlePeerWatch(config, log);
      for (let i = 0; i < SINGLE_PEER_REQUESTS * 2; i++) watch(() => peers[i % peers.length]);
      expect(errors).toHaveLength(0);
    }
  });
});

test("docker-compose and the image: the proxy's fixed address is the only trusted one, secrets are required, nothing runs as root", async () => {
  type Service = { environment: Record<string, unknown>; command: string[]; networks: { default: { ipv4_address: string } } };
  type Compose = { "x-app": Service; services: Record<string, Service>; networks: { default: { ipam: { config: { subnet: string }[] } } } };
  const compose = Bun.YAML.parse(await Bun.file(join(import.meta.dir, "../../../docker-compose.yml")).text()) as Compose;
  const proxyIp = compose.services.proxy.networks.default.ipv4_address;
  const subnet = compose.networks.default.ipam.config[0].subnet;
  const trusted = String(compose["x-app"].environment.TRUSTED_PROXY).match(/:-([^}]*)\}/)?.[1];
  expect(trusted).toBe(proxyIp);
  expect(trustedProxies(subnet).check(proxyIp, "ipv4")).toBe(true);
  for (const svc of ["server", "engine"]) expect(compose.services[svc].environment.TRUSTED_PROXY).toBe(compose["x-app"].environment.TRUSTED_PROXY);
  // Production refuses to start without SMTP; compose says so before anything starts.
  expect(String(compose["x-app"].environment.SMTP_URL)).toMatch(/^\$\{SMTP_URL:\?/);
  expect(compose["x-app"].environment.DEV_MAILBOX).toBeUndefined();
  // Redis needs a password; the proxy terminates TLS for a named site; the image runs unprivileged and ships no secrets.
  expect(compose.services.redis.command.join(" ")).toContain("--requirepass ${REDIS_PASSWORD:?");
  expect(String(compose["x-app"].environment.REDIS_URL)).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]*\}@redis:6379$/);
  // The proxy's Caddyfile serves {$SITE_ADDRESS}, which compose requires.
  expect(String(compose.services.proxy.environment.SITE_ADDRESS)).toMatch(/^\$\{SITE_ADDRESS:\?/);
  expect(await Bun.file(join(import.meta.dir, "../../../deploy/Caddyfile")).text()).toMatch(/^\{\$SITE_ADDRESS\} \{/m);
  // The app runs as a role that owns nothing; migrations run as the owner, whose password the app never needs for queries.
  const env = compose["x-app"].environment;
  const user = (url: unknown) => String(url).match(/^postgres:\/\/([^:]+):/)?.[1];
  expect(user(env.DATABASE_URL)).toBe("tradewind_app");
  expect(user(env.DATABASE_MIGRATE_URL)).toBe(String(compose.services.postgres.environment.POSTGRES_USER));
  expect(String(env.DATABASE_URL)).toContain("${POSTGRES_APP_PASSWORD:?");
  const init = await Bun.file(join(import.meta.dir, "../../../deploy/postgres-app-role.sh")).text();
  expect(init).toContain("create role tradewind_app login password :'app_password'");
  const sql = init.slice(init.indexOf("<<'SQL'"));
  expect(sql).not.toMatch(/superuser|createrole|createdb|owner/i);
  const dockerfile = await Bun.file(join(import.meta.dir, "../../../Dockerfile")).text();
  expect(dockerfile).toMatch(/^USER bun$/m);
  const ignored = (await Bun.file(join(import.meta.dir, "../../../.dockerignore")).text()).split("\n").map((l) => l.trim());
  for (const path of [".git", ".env", ".data", "node_modules"]) expect(ignored).toContain(path);
});
