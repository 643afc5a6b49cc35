// Kubernetes manifests: every overlay under deploy/k8s/overlays rendered by `kubectl kustomize`, each object validated
// against its schema, and the deployment invariants checked (and shown to fail on a fixture that plants violations).
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { registry } from "@core/infra/metrics";
import { startMetricsServer } from "@core/infra/metrics-server";
import { createLogger } from "@core/infra/log";
import { freePort } from "../../scripts/infra";
import { ROOT } from "../../scripts/app-process";
import { RULES_SOURCE, RULES_TARGET, prometheusRuleYaml } from "../../scripts/k8s-rules";

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

const OVERLAYS = join(ROOT, "deploy/k8s/overlays");
const VIOLATIONS = join(ROOT, "test/ops/fixtures/k8s-violations");
/** The annotation a workload carries instead of a PodDisruptionBudget: its value says why it has none. */
const NO_PDB = "tradewind.io/no-pdb";

/** `kubectl kustomize dir` as objects. kubectl is Debian's package on this machine kind and CI's; without it the test fails. */
function render(dir: string): K8sObject[] {
  const kubectl = Bun.which("kubectl");
  if (!kubectl)
    throw new Error("kubectl not found: install Debian's kubectl package (apt-get install kubectl); the manifests cannot be checked without it");
  const run = Bun.spawnSync([kubectl, "kustomize", dir]);
  if (run.exitCode !== 0) throw new Error(`kubectl kustomize ${dir}: ${run.stderr.toString()}`);
  const docs = Bun.YAML.parse(run.stdout.toString());
  return (Array.isArray(docs) ? docs : [docs]).filter(Boolean) as K8sObject[];
}

// ---- schemas ----------------------------------------------------------------------------------------------------

/**
 * The CRD schema with Kubernetes' strict field validation made explicit: an object schema that lists its properties and
 * does not keep unknown fields rejects any other key (the API server would drop it silently, i.e. a typo is lost).
 */
function strictCrdSchema(schema: any): any {
  if (Array.isArray(schema)) return schema.map(strictCrdSchema);
  if (!schema || typeof schema !== "object") return schema;
  const out: any = {};
  for (const [k, v] of Object.entries(schema))
    out[k] = k === "properties" ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, strictCrdSchema(s)])) : strictCrdSchema(v);
  if (out.properties && out.additionalProperties === undefined && !out["x-kubernetes-preserve-unknown-fields"]) out.additionalProperties = false;
  return out;
}

// The formats the CRD names (OpenAPI's): ranges for the integers, and RFC 3339 for time stamps.
const ajv = new Ajv({
  allErrors: true,
  strict: false,
  formats: {
    int32: { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
    int64: { type: "number", validate: (n: number) => Number.isSafeInteger(n) },
    "date-time": (s: string) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d\d-\d\dT/.test(s),
  },
});
const cnpgCluster = ajv.compile(strictCrdSchema(JSON.parse(readFileSync(join(ROOT, "test/ops/schemas/cnpg-cluster-v1.json"), "utf8"))));

/** The kubernetes-models module for an apiVersion and kind (core, built-in groups, and the Prometheus Operator's). */
function modelPath(apiVersion: string, kind: string): string | null {
  if (apiVersion.startsWith("monitoring.coreos.com/")) return `@kubernetes-models/prometheus-operator/${apiVersion}/${kind}`;
  if (!apiVersion.includes("/")) return `kubernetes-models/${apiVersion}/${kind}`;
  if (/^(apps|batch|policy|autoscaling|[a-z0-9.-]+\.k8s\.io)\//.test(apiVersion)) return `kubernetes-models/${apiVersion}/${kind}`;
  return null;
}

/** Schema errors of one object ("" when valid); an object no schema is known for is an error too. */
async function schemaErrors(o: K8sObject): Promise<string> {
  const where = `${o.kind}/${o.metadata?.name}`;
  if (o.apiVersion === "postgresql.cnpg.io/v1" && o.kind === "Cluster") {
    const valid: boolean = cnpgCluster(o as unknown);
    return valid ? "" : `${where}: ${ajv.errorsText(cnpgCluster.errors, { dataVar: "Cluster" })}`;
  }
  const path = modelPath(o.apiVersion, o.kind);
  if (!path) return `${where}: no schema known for ${o.apiVersion}`;
  let Model: new (data: unknown) => { validate: () => void };
  try {
    Model = (await import(path))[o.kind];
  } catch {
    return `${where}: no model ${path}`;
  }
  try {
    new Model(o).validate();
    return "";
  } catch (err) {
    return `${where}: ${String(err)}`;
  }
}

// ---- invariants -------------------------------------------------------------------------------------------------

const WORKLOADS = new Set(["Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Cluster"]);
/** Long-running workloads: their containers need probes as well as resources. */
const SERVING = new Set(["Deployment", "StatefulSet", "DaemonSet"]);
/** Names that hold a credential: such a value must come from a Secret, never be written in a manifest. */
const SECRET_NAME = /(SECRET|PASSWORD|TOKEN|PRIVATE|_KEY$|_AUTH$)/i;
/** A URL with a password in it (user:password@), unless the password is a $(VAR) reference filled from a Secret. */
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:(?!\$\()[^/@\s]+@/i;

function podSpec(o: K8sObject): any {
  if (o.kind === "CronJob") return o.spec?.jobTemplate?.spec?.template?.spec;
  return o.spec?.template?.spec;
}
function podLabels(o: K8sObject): Record<string, string> {
  if (o.kind === "CronJob") return o.spec?.jobTemplate?.spec?.template?.metadata?.labels ?? {};
  if (o.kind === "Cluster") return { "cnpg.io/cluster": o.metadata.name };
  return o.spec?.template?.metadata?.labels ?? {};
}
const matches = (selector: any, labels: Record<string, string>) =>
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  (selector?.matchExpressions ?? []).every((e: any) => (e.operator === "In" ? e.values.includes(labels[e.key]) : true));

/** Every broken invariant of a rendered overlay, one line each (empty when all hold). */
function invariantViolations(objects: K8sObject[]): string[] {
  const out: string[] = [];
  const pdbs = objects.filter((o) => o.kind === "PodDisruptionBudget");
  const hpas = objects.filter((o) => o.kind === "HorizontalPodAutoscaler");
  for (const o of objects) {
    const where = `${o.kind}/${o.metadata.name}`;
    // No Secret in the manifests at all: each is made by the operator and only referenced.
    if (o.kind === "Secret") out.push(`${where}: a Secret in the manifests (values must be referenced, not inlined)`);
    for (const [key, value] of Object.entries({ ...o.data, ...o.stringData }))
      if (o.kind !== "Secret" && (SECRET_NAME.test(key) || URL_WITH_PASSWORD.test(value)))
        out.push(`${where}: ${key} holds a credential in plain text`);
    if (!WORKLOADS.has(o.kind)) continue;
    for (const c of [...(podSpec(o)?.containers ?? []), ...(podSpec(o)?.initContainers ?? [])]) {
      const cw = `${where} container ${c.name}`;
      if (SERVING.has(o.kind)) {
        if (!c.readinessProbe) out.push(`${cw}: no readinessProbe`);
        if (!c.livenessProbe) out.push(`${cw}: no livenessProbe`);
      }
      const r = c.resources ?? {};
      if (!r.requests?.cpu || !r.requests?.memory || !r.limits?.memory)
        out.push(`${cw}: resources need requests.cpu, requests.memory and limits.memory`);
      for (const e of c.env ?? [])
        if (e.value !== undefined && (SECRET_NAME.test(e.name) || URL_WITH_PASSWORD.test(e.value)))
          out.push(`${cw}: env ${e.name} inlines a credential`);
    }
    // A PodDisruptionBudget selecting the pods, or an annotation saying why there is none.
    const labels = podLabels(o);
    const pdb = pdbs.find((p) => matches(p.spec?.selector, labels));
    const reason = o.metadata.annotations?.[NO_PDB]?.trim();
    if (!pdb && !reason) out.push(`${where}: no PodDisruptionBudget and no ${NO_PDB} annotation saying why`);
    // A budget that the replicas can never meet blocks every node drain.
    if (pdb && o.kind === "Deployment") {
      const hpa = hpas.find((h) => h.spec?.scaleTargetRef?.kind === "Deployment" && h.spec.scaleTargetRef.name === o.metadata.name);
      const least = hpa ? (hpa.spec.minReplicas ?? 1) : (o.spec?.replicas ?? 1);
      const minAvailable = pdb.spec?.minAvailable;
      if (typeof minAvailable === "number" && minAvailable >= least)
        out.push(`${where}: PodDisruptionBudget ${pdb.metadata.name} keeps ${minAvailable} of at least ${least} replicas (blocks node drains)`);
    }
  }
  return out;
}

/** The Secret names the manifests refer to (env, envFrom, the ServiceMonitor's token, CloudNativePG's credentials). */
function referencedSecrets(objects: K8sObject[]): Set<string> {
  const names = new Set<string>();
  const walk = (v: any, key = "") => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === "object") {
      if (["secretKeyRef", "secretRef", "credentials", "secret", "passwordSecret"].includes(key) && typeof v.name === "string") names.add(v.name);
      for (const [k, x] of Object.entries(v)) walk(x, k);
    }
  };
  for (const o of objects) walk(o.spec);
  return names;
}

// ---- tests --------------------------------------------------------------------------------------------------------

const overlays = readdirSync(OVERLAYS).sort();

test("the overlays are dev and prod", () => {
  expect(overlays).toEqual(["dev", "prod"]);
});

for (const overlay of overlays) {
  describe(`deploy/k8s/overlays/${overlay}`, () => {
    const objects = render(join(OVERLAYS, overlay));
    const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
    const one = (kind: string, name: string) => {
      const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
      if (!found) throw new Error(`${kind}/${name} missing from ${overlay}`);
      return found;
    };

    test("every object passes its Kubernetes schema (CloudNativePG's Cluster strictly, unknown fields refused)", async () => {
      expect(objects.length).toBeGreaterThan(15);
      const errors = (await Promise.all(objects.map(schemaErrors))).filter(Boolean);
      expect(errors).toEqual([]);
    });

    test("the invariants hold: probes and resources, no inlined secret, a PDB or a reason, drains possible", () => {
      expect(invariantViolations(objects)).toEqual([]);
    });

    test("everything lands in the overlay's namespace", () => {
      const namespace = `tradewind${overlay === "prod" ? "" : `-${overlay}`}`;
      expect(objects.filter((o) => o.metadata.namespace !== namespace).map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
    });

    test("the server: ready on /api/ready, alive on /api/health, drained before SIGTERM within its grace period", () => {
      const pod = one("Deployment", "tradewind-server").spec.template.spec;
      const c = pod.containers[0];
      expect(c.readinessProbe.httpGet.path).toBe("/api/ready");
      expect(c.livenessProbe.httpGet.path).toBe("/api/health");
      const sleep = c.lifecycle.preStop.sleep.seconds;
      // Long enough for the endpoint removal to reach the ingress, short enough to leave the server its own shutdown.
      expect(sleep).toBeGreaterThanOrEqual(5);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(sleep + 15);
      expect(one("Deployment", "tradewind-server").spec.replicas).toBeUndefined();
    });

    test("the HPA scales the servers on CPU and on two metrics the registry exports", async () => {
      const hpa = one("HorizontalPodAutoscaler", "tradewind-server");
      const exported = new Set((await registry.getMetricsAsJSON()).map((m) => m.name));
      const pods = hpa.spec.metrics.filter((m: any) => m.type === "Pods").map((m: any) => m.pods.metric.name);
      expect(hpa.spec.metrics.some((m: any) => m.type === "Resource" && m.resource.name === "cpu")).toBe(true);
      expect(pods).toEqual(["tradewind_socket_connections", "nodejs_eventloop_lag_p99_seconds"]);
      for (const name of pods) expect(`${name} ${exported.has(name)}`).toBe(`${name} true`);
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
    });

    test("the owner's database URL reaches the migrations Job, never a long-running pod", () => {
      const ownerRefs = (o: any) =>
        [...(o.spec.template.spec.containers ?? []), ...(o.spec.template.spec.initContainers ?? [])]
          .flatMap((c: any) => (c.env ?? []).flatMap((e: any) => [e.name, e.valueFrom?.secretKeyRef?.key]))
          .filter((key: string) => key === "DATABASE_MIGRATE_URL");
      const workloads = [...byKind("Deployment"), ...byKind("StatefulSet")];
      expect(workloads.length).toBeGreaterThan(1);
      expect(workloads.filter((w) => ownerRefs(w).length).map((w) => w.metadata.name)).toEqual([]);
      expect(ownerRefs(one("Job", "tradewind-migrate")).length).toBeGreaterThan(0);
    });

    test("the engine's probes scrape its metrics from inside; the migrations Job runs the migration script", () => {
      const engine = one("Deployment", "tradewind-engine").spec.template.spec.containers[0];
      for (const probe of [engine.livenessProbe, engine.readinessProbe]) expect(probe.exec.command).toEqual(["bun", "scripts/metrics-probe.ts"]);
      const job = one("Job", "tradewind-migrate");
      expect(job.spec.template.spec.containers[0].command).toEqual(["bun", "scripts/migrate.ts"]);
      expect(job.metadata.annotations?.["argocd.argoproj.io/hook"]).toBe("PreSync");
    });

    test("the ingress sends everything, socket upgrades included, to the servers with hour-long time-outs", () => {
      const ingress = one("Ingress", "tradewind");
      const a = ingress.metadata.annotations ?? {};
      expect(Number(a["nginx.ingress.kubernetes.io/proxy-read-timeout"])).toBeGreaterThanOrEqual(3600);
      expect(Number(a["nginx.ingress.kubernetes.io/proxy-send-timeout"])).toBeGreaterThanOrEqual(3600);
      const path = ingress.spec.rules[0].http.paths[0];
      expect(path).toMatchObject({ path: "/", pathType: "Prefix", backend: { service: { name: "tradewind-server", port: { name: "http" } } } });
    });

    test("network policies: deny by default; servers from the ingress only; metrics from monitoring only; data stores from app pods only", () => {
      const policies = byKind("NetworkPolicy");
      expect(policies.find((p) => p.metadata.name === "default-deny-ingress")?.spec).toEqual({ podSelector: {}, policyTypes: ["Ingress"] });
      const fromIngress = one("NetworkPolicy", "tradewind-server-from-ingress").spec.ingress;
      expect(fromIngress).toHaveLength(1);
      expect(fromIngress[0].from[0].namespaceSelector.matchLabels).toEqual({ "kubernetes.io/metadata.name": "ingress-nginx" });
      expect(fromIngress[0].ports).toEqual([{ port: "http", protocol: "TCP" }]);
      const metrics = one("NetworkPolicy", "tradewind-metrics-from-monitoring").spec.ingress;
      expect(metrics[0].from).toEqual([{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "monitoring" } } }]);
      // Only server pods answer the ingress: nothing else carries the selector's labels.
      const redis = one("NetworkPolicy", "tradewind-redis-from-app").spec.ingress;
      expect(redis).toEqual([
        { from: [{ podSelector: { matchLabels: { "tradewind.io/data-client": "true" } } }], ports: [{ port: "redis", protocol: "TCP" }] },
      ]);
      // Every pod that holds the database or Redis URLs carries the data-client label; Redis itself does not.
      for (const o of objects.filter((x) => WORKLOADS.has(x.kind) && x.kind !== "Cluster")) {
        const usesData = JSON.stringify(podSpec(o)).includes("tradewind-connections");
        expect(`${o.kind}/${o.metadata.name} ${podLabels(o)["tradewind.io/data-client"] === "true"}`).toBe(
          `${o.kind}/${o.metadata.name} ${usesData}`,
        );
      }
    });

    test("Redis: a password from a Secret, no eviction (BullMQ), no persistence, as compose runs it", () => {
      const c = one("StatefulSet", "tradewind-redis").spec.template.spec.containers[0];
      const args: string[] = c.args;
      expect(args[args.indexOf("--requirepass") + 1]).toBe("$(REDIS_PASSWORD)");
      expect(args[args.indexOf("--maxmemory-policy") + 1]).toBe("noeviction");
      expect(args[args.indexOf("--appendonly") + 1]).toBe("no");
      expect(c.env.find((e: any) => e.name === "REDIS_PASSWORD").valueFrom.secretKeyRef).toEqual({ name: "tradewind-redis", key: "password" });
    });

    test("the PrometheusRule carries deploy/prometheus/rules.yml's groups, and the dashboard ConfigMap its JSON file", () => {
      const rules = Bun.YAML.parse(readFileSync(RULES_SOURCE, "utf8")) as { groups: unknown[] };
      expect(one("PrometheusRule", "tradewind").spec.groups).toEqual(rules.groups);
      const dashboard = one("ConfigMap", "tradewind-grafana-dashboard");
      expect(dashboard.metadata.labels?.grafana_dashboard).toBe("1");
      expect(dashboard.data?.["tradewind.json"]).toBe(readFileSync(join(ROOT, "deploy/grafana/dashboards/tradewind.json"), "utf8"));
      const monitor = one("ServiceMonitor", "tradewind");
      expect(monitor.spec.endpoints[0]).toMatchObject({
        port: "metrics",
        authorization: { type: "Bearer", credentials: { name: "tradewind-app", key: "METRICS_TOKEN" } },
      });
    });

    test("every Secret the manifests reference is one docs/OPERATIONS.md tells the operator to create", () => {
      const guide = readFileSync(join(ROOT, "docs/OPERATIONS.md"), "utf8");
      const names = [...referencedSecrets(objects)];
      expect(names).toContain("tradewind-connections");
      for (const name of names) expect(`${name} ${guide.includes(`\`${name}\``)}`).toBe(`${name} true`);
    });

    if (overlay === "prod")
      test("prod: Postgres on CloudNativePG with the app's own role, reachable only from app pods and the operator", () => {
        const cluster = one("Cluster", "tradewind-pg");
        expect(cluster.spec.instances).toBeGreaterThanOrEqual(3);
        expect(cluster.spec.managed.roles.map((r: any) => r.name)).toEqual(["tradewind_app"]);
        const policy = one("NetworkPolicy", "tradewind-pg-from-app");
        expect(policy.spec.podSelector.matchLabels).toEqual({ "cnpg.io/cluster": "tradewind-pg" });
        expect(policy.spec.ingress[0].from).toEqual([{ podSelector: { matchLabels: { "tradewind.io/data-client": "true" } } }]);
      });
  });
}

describe("the checks themselves", () => {
  test("the invariants fail on the fixture that plants one violation of each", () => {
    const violations = invariantViolations(render(VIOLATIONS));
    const expected = [
      "Deployment/tradewind-server container server: no readinessProbe",
      "Deployment/tradewind-engine container engine: resources need requests.cpu, requests.memory and limits.memory",
      "Deployment/tradewind-engine container engine: env JWT_SECRET inlines a credential",
      "ConfigMap/tradewind-config: REDIS_URL holds a credential in plain text",
      "Secret/tradewind-app: a Secret in the manifests (values must be referenced, not inlined)",
      "Job/tradewind-migrate: no PodDisruptionBudget and no tradewind.io/no-pdb annotation saying why",
      "Deployment/tradewind-engine: no PodDisruptionBudget and no tradewind.io/no-pdb annotation saying why",
      "Deployment/tradewind-server: PodDisruptionBudget tradewind-server keeps 2 of at least 1 replicas (blocks node drains)",
    ];
    expect(violations.toSorted()).toEqual(expected.toSorted());
  });

  test("a schema error is reported: a wrong type in a Deployment, an unknown field in the Cluster", async () => {
    const deployment = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "x" }, spec: { replicas: "two", selector: {}, template: {} } };
    expect(await schemaErrors(deployment)).toContain("replicas must be integer");
    const cluster = {
      apiVersion: "postgresql.cnpg.io/v1",
      kind: "Cluster",
      metadata: { name: "x" },
      spec: { instances: 1, storage: { size: "1Gi" }, instancess: 3 },
    };
    expect(await schemaErrors(cluster)).toContain("must NOT have additional properties");
    expect(await schemaErrors({ apiVersion: "example.com/v1", kind: "Thing", metadata: { name: "x" } })).toContain("no schema known");
  });

  test("a credential URL is recognised, a $(VAR) reference is not", () => {
    expect(URL_WITH_PASSWORD.test("postgres://app:s3cret@db:5432/x")).toBe(true);
    expect(URL_WITH_PASSWORD.test("redis://:$(REDIS_PASSWORD)@redis:6379")).toBe(false);
    expect(URL_WITH_PASSWORD.test("https://tradewind.example")).toBe(false);
  });

  test("the generated PrometheusRule file is current (bun scripts/k8s-rules.ts), whatever its formatting", () => {
    expect(Bun.YAML.parse(readFileSync(RULES_TARGET, "utf8"))).toEqual(Bun.YAML.parse(prometheusRuleYaml(readFileSync(RULES_SOURCE, "utf8"))));
  });
});

describe("scripts/metrics-probe.ts (the engine's probe)", () => {
  const probe = async (env: Record<string, string>) => {
    const p = Bun.spawn(["bun", join(ROOT, "scripts/metrics-probe.ts")], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdout: "ignore",
      stderr: "ignore",
    });
    return p.exited;
  };

  test("passes against a metrics listener with the token, fails with a wrong token or none listening", async () => {
    const port = await freePort();
    const token = "probe-test-token-0123456789abcdef";
    const server = startMetricsServer({ METRICS_PORT: port, METRICS_HOST: "127.0.0.1", METRICS_TOKEN: token }, createLogger("test", "error"));
    try {
      expect(await probe({ METRICS_PORT: String(port), METRICS_TOKEN: token })).toBe(0);
      expect(await probe({ METRICS_PORT: String(port), METRICS_TOKEN: "wrong-token-0123456789abcdef" })).toBe(1);
    } finally {
      server?.stop();
    }
    expect(await probe({ METRICS_PORT: String(port), METRICS_TOKEN: token })).toBe(1);
  });
});
