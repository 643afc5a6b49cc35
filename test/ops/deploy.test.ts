// Dashboards and alerts as code: the compose file wires Prometheus and Grafana, and every query names a metric the code exports.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { registry } from "@core/infra/metrics";
import { ROOT } from "../../scripts/app-process";
import { COLD_CONNECTIONS } from "../../load-tests/harness/polling";
import { QUERY_TIMEOUT_MS } from "../../web/src/lib/timeout";

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
/** A YAML file parsed and checked against the shape of the parts a test reads (a missing part fails with its path). */
const yaml = <T extends z.ZodType>(path: string, shape: T): z.infer<T> => shape.parse(Bun.YAML.parse(read(path)));

// Only what the tests read; every object stays loose, so keys they do not name pass through untouched.
const Service = z.looseObject({
  ports: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  secrets: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  deploy: z.looseObject({ replicas: z.number().optional() }).optional(),
  command: z.union([z.string(), z.array(z.string())]).optional(),
  ulimits: z.looseObject({ nofile: z.object({ soft: z.number(), hard: z.number() }).optional() }).optional(),
});
const Compose = z.looseObject({ name: z.string(), services: z.record(z.string(), Service), secrets: z.record(z.string(), z.unknown()) });
const PrometheusConfig = z.looseObject({
  scrape_configs: z.array(
    z.looseObject({
      dns_sd_configs: z.array(z.looseObject({ names: z.array(z.string()), port: z.number() })),
      authorization: z.looseObject({ credentials_file: z.string() }),
    }),
  ),
});
const Rules = z.looseObject({
  groups: z.array(
    z.looseObject({
      rules: z.array(z.looseObject({ alert: z.string(), expr: z.string(), annotations: z.looseObject({ summary: z.string() }) })),
    }),
  ),
});
const Panel = z.looseObject({
  type: z.string(),
  title: z.string(),
  datasource: z.looseObject({ uid: z.string() }).optional(),
  targets: z.array(z.looseObject({ expr: z.string() })).optional(),
});
const Dashboard = z.looseObject({ panels: z.array(Panel) });

/** Every series name the registry can expose (histograms as their _bucket, _sum and _count), read from the registry itself. */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === "histogram") for (const s of ["_bucket", "_sum", "_count"]) names.add(m.name + s);
  }
  return names;
}

/** The metric names a PromQL expression reads (ours and the runtime's), skipping functions, labels and strings. */
function metricNames(expr: string): string[] {
  const bare = expr.replace(/"[^"]*"/g, '""').replace(/\{[^}]*\}/g, "");
  return [...bare.matchAll(/\b(tradewind_\w+|nodejs_\w+|process_\w+)\b/g)].map((m) => m[1]);
}

describe("docker-compose.yml", () => {
  const compose = yaml("docker-compose.yml", Compose);

  test("Prometheus and Grafana run beside the app, on loopback ports, with their config from the repository", () => {
    for (const service of ["postgres", "redis", "server", "engine", "proxy", "prometheus", "grafana"])
      expect(compose.services[service]).toBeDefined();
    expect(compose.services.prometheus.ports).toEqual(["127.0.0.1:9090:9090"]);
    expect(compose.services.grafana.ports).toEqual(["127.0.0.1:3001:3000"]);
    for (const service of ["prometheus", "grafana"])
      for (const volume of compose.services[service].volumes ?? []) {
        const source = volume.split(":")[0];
        if (source.startsWith("./")) expect(existsSync(join(ROOT, source))).toBe(true);
      }
    expect(compose.services.prometheus.secrets).toEqual(["metrics_token"]);
    expect(compose.secrets.metrics_token).toEqual({ environment: "METRICS_TOKEN" });
  });

  test("both roles expose metrics on the internal port behind the token, and the port is not published", () => {
    for (const role of ["server", "engine"]) {
      const env = compose.services[role].environment ?? {};
      expect(env.METRICS_PORT).toBe(9464);
      expect(env.METRICS_HOST).toBe("0.0.0.0");
      expect(String(env.METRICS_TOKEN)).toStartWith("${METRICS_TOKEN:?");
      expect(JSON.stringify(compose.services[role].ports ?? [])).not.toContain("9464");
    }
    const scrape = yaml("deploy/prometheus/prometheus.yml", PrometheusConfig).scrape_configs[0];
    expect(scrape.dns_sd_configs[0]).toMatchObject({ names: ["server", "engine"], port: 9464 });
    expect(scrape.authorization.credentials_file).toBe("/run/secrets/metrics_token");
  });

  test("a server may hold every socket the HPA gives it several times over, and Caddy two descriptors for each", () => {
    // deploy/k8s/base/server.yaml scales on 10,000 sockets per replica (averageValue).
    const perReplica = Number(/averageValue: "(\d+)"/.exec(read("deploy/k8s/base/server.yaml"))?.[1]);
    expect(perReplica).toBeGreaterThan(0);
    const nofile = (service: string) => compose.services[service].ulimits?.nofile?.soft ?? 0;
    expect(nofile("server")).toBeGreaterThanOrEqual(4 * perReplica);
    expect(nofile("proxy")).toBeGreaterThanOrEqual(2 * nofile("server"));
  });

  test("Grafana is provisioned with the Prometheus datasource and the dashboards folder", () => {
    const datasources = yaml("deploy/grafana/provisioning/datasources/prometheus.yml", z.looseObject({ datasources: z.array(z.looseObject({})) }));
    expect(datasources.datasources[0]).toMatchObject({ uid: "prometheus", type: "prometheus", url: "http://prometheus:9090" });
    const Providers = z.looseObject({ providers: z.array(z.looseObject({ options: z.looseObject({ path: z.string() }) })) });
    const provider = yaml("deploy/grafana/provisioning/dashboards/tradewind.yml", Providers).providers[0];
    const mount = compose.services.grafana.volumes?.find((v) => v.startsWith("./deploy/grafana/dashboards:"));
    expect(mount?.split(":")[1]).toBe(provider.options.path);
  });
});

/** The text between the braces of the first Caddyfile block whose opening line is `opener`. */
function caddyBlock(text: string, opener: string): string {
  const start = text.indexOf(`${opener} {\n`);
  expect(`${opener}: ${start >= 0}`).toBe(`${opener}: true`);
  // Placeholders ({$VAR}) are not blocks: blanked, keeping every offset, before the braces are counted.
  const plain = text.replace(/\{\$[^}]*\}/g, (m) => "_".repeat(m.length));
  let depth = 0;
  for (let i = plain.indexOf("{", start + opener.length); i < plain.length; i++) {
    if (plain[i] === "{") depth++;
    else if (plain[i] === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`unclosed block ${opener}`);
}

/** Each directive of a block (comments dropped) with its arguments, e.g. "lb_try_duration" → "30s". */
const directives = (body: string) =>
  new Map(
    body
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => [l.split(/\s+/)[0], l.split(/\s+/).slice(1).join(" ")] as const),
  );
const seconds = (d: string | undefined) => Number(/^(\d+)s$/.exec(d ?? "")?.[1] ?? Number.NaN);

describe("deploy/Caddyfile", () => {
  const caddyfile = read("deploy/Caddyfile");
  const compose = yaml("docker-compose.yml", Compose);
  const proxy = compose.services.proxy;
  const replicas = Array.from({ length: compose.services.server.deploy?.replicas ?? 1 }, (_, i) => `${compose.name}-server-${i + 1}:3000`);

  test("compose runs Caddy on it, keeps the certificates, and names every server replica", () => {
    expect(proxy.command).toEqual(["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]);
    expect(proxy.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(proxy.volumes?.some((v) => v.endsWith(":/data"))).toBe(true);
    expect(String(proxy.environment?.SITE_ADDRESS)).toStartWith("${SITE_ADDRESS:?");
    expect(String(proxy.environment?.SERVER_REPLICAS)).toBe(`\${SERVER_REPLICAS:-${replicas.join(" ")}}`);
  });

  test("API requests: a bounded number in flight per replica, a bounded wait beyond it, active and passive health checks", () => {
    const api = directives(caddyBlock(caddyBlock(caddyfile, "\thandle"), "\t\treverse_proxy {$SERVER_REPLICAS}"));
    // The cold-start benchmark models this pool (its clients hold as many connections as the proxy would).
    expect(Number(api.get("unhealthy_request_count"))).toBe(COLD_CONNECTIONS);
    // A request waits for a place no longer than the cold-start target (every first answer within 30 s), then 503.
    expect(seconds(api.get("lb_try_duration"))).toBeGreaterThan(0);
    expect(seconds(api.get("lb_try_duration"))).toBeLessThanOrEqual(30);
    // The web client's polled reads wait longer than that, so a tab hears the answer (or the proxy's 503) instead of
    // giving up and sending the read again behind the queue it left.
    expect(QUERY_TIMEOUT_MS / 1000).toBeGreaterThan(seconds(api.get("lb_try_duration")));
    expect(api.get("health_uri")).toBe("/api/health");
    expect(seconds(api.get("health_interval"))).toBeLessThanOrEqual(10);
    expect(seconds(api.get("fail_duration"))).toBeGreaterThan(0);
    expect(Number(api.get("max_fails"))).toBeGreaterThanOrEqual(1);
    expect(seconds(api.get("dial_timeout"))).toBeGreaterThan(0);
    expect(seconds(api.get("response_header_timeout"))).toBeGreaterThan(30);
  });

  test("socket upgrades go to the service name, outside the per-replica cap", () => {
    const sockets = directives(caddyBlock(caddyfile, "\thandle /ws/*"));
    expect(sockets.get("reverse_proxy")).toBe("server:3000 {");
    expect(sockets.has("unhealthy_request_count")).toBe(false);
    expect(seconds(sockets.get("lb_try_duration"))).toBeGreaterThan(0);
  });

  test("Caddy itself accepts it, with compose's environment (where caddy is installed)", () => {
    const caddy = Bun.which("caddy");
    if (!caddy) return;
    const run = Bun.spawnSync([caddy, "adapt", "--config", join(ROOT, "deploy/Caddyfile"), "--adapter", "caddyfile"], {
      env: { ...process.env, SITE_ADDRESS: "tradewind.example", SERVER_REPLICAS: replicas.join(" ") },
    });
    expect(`exit ${run.exitCode} ${run.exitCode ? run.stderr.toString() : ""}`).toBe("exit 0 ");
    const config = run.stdout.toString();
    for (const r of replicas) expect(config).toContain(`{"dial":"${r}"}`);
    expect(config).toContain(`"unhealthy_request_count":${COLD_CONNECTIONS}`);
    expect(config).toContain('"uri":"/api/health"');
  });
});

describe("dashboard", () => {
  const dashboard = Dashboard.parse(JSON.parse(read("deploy/grafana/dashboards/tradewind.json")));
  const panels = dashboard.panels.filter((p) => p.type !== "row");

  test("has the issue's sections", () => {
    const rows = dashboard.panels.filter((p) => p.type === "row").map((p) => p.title);
    expect(rows).toEqual([
      "Traffic and latency",
      "Sockets and fan-out lag",
      "Queues and phase lateness",
      "Outcomes and credits",
      "Errors and runtime",
    ]);
  });

  test("every panel's query names only metrics the registry exports, and uses the provisioned datasource", async () => {
    const exported = await exportedNames();
    for (const panel of panels) {
      expect(panel.datasource?.uid).toBe("prometheus");
      const targets = panel.targets ?? [];
      expect(targets.length).toBeGreaterThan(0);
      for (const target of targets) {
        const names = metricNames(target.expr);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names)
          expect(`${panel.title}: ${name} ${exported.has(name) ? "exported" : "missing"}`).toBe(`${panel.title}: ${name} exported`);
      }
    }
  });

  test("every tradewind family appears on a panel", async () => {
    const queried = new Set(
      panels.flatMap((p) => (p.targets ?? []).flatMap((t) => metricNames(t.expr).map((n) => n.replace(/_(bucket|sum|count)$/, "")))),
    );
    const ours = (await registry.getMetricsAsJSON())
      .map((m) => m.name)
      .filter((n) => n.startsWith("tradewind_") && n !== "tradewind_metrics_collect_errors_total");
    expect(ours.filter((n) => !queried.has(n))).toEqual([]);
  });
});

describe("alert rules", () => {
  const rules = yaml("deploy/prometheus/rules.yml", Rules).groups.flatMap((g) => g.rules);

  test("cover the alerts operators need, each with a summary, and read only exported metrics", async () => {
    const exported = await exportedNames();
    expect(rules.map((r) => r.alert)).toEqual([
      "PhaseStartLate",
      "FanoutLagHigh",
      "ApiErrorRatioHigh",
      "MarketSnapshotStale",
      "NoIngestionLeader",
      "ScheduledCheckFailed",
      "ScheduledCheckNotRun",
      "WebhookBacklog",
    ]);
    for (const rule of rules) {
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      for (const name of metricNames(rule.expr)) expect(`${rule.alert}: ${name} ${exported.has(name)}`).toBe(`${rule.alert}: ${name} true`);
    }
    // Every alert is explained in the operations guide.
    const guide = read("docs/OPERATIONS.md");
    for (const rule of rules) expect(guide).toContain(rule.alert);
    // Where promtool (Prometheus' own checker, Debian's `prometheus` package) is installed, both files must pass it too.
    const promtool = Bun.which("promtool");
    if (promtool) promtoolChecks(promtool);
  });
});

/** `promtool check rules` on the rules and `check config` on the Prometheus config (its container paths pointed here). */
function promtoolChecks(promtool: string) {
  const dir = mkdtempSync(join(tmpdir(), "tw-promtool-"));
  try {
    writeFileSync(join(dir, "token"), "x".repeat(32));
    const config = read("deploy/prometheus/prometheus.yml")
      .replace("/etc/prometheus/rules.yml", join(ROOT, "deploy/prometheus/rules.yml"))
      .replace("/run/secrets/metrics_token", join(dir, "token"));
    writeFileSync(join(dir, "prometheus.yml"), config);
    for (const args of [
      ["check", "rules", join(ROOT, "deploy/prometheus/rules.yml")],
      ["check", "config", join(dir, "prometheus.yml")],
    ]) {
      const run = Bun.spawnSync([promtool, ...args]);
      expect(`${args.join(" ")}: exit ${run.exitCode} ${run.stderr.toString()}`).toBe(`${args.join(" ")}: exit 0 `);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
