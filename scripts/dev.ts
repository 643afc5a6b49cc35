// `bun dev` / `bun start`: one command runs everything: services (embedded when not configured), migrations,
// the server (API + socket + web app) and the engine; Ctrl-C stops all of it.
import { parseConfig, ConfigError, DATA_DIR } from "@core/infra/config";
import { devVapidKeys, vapidKeysEnv } from "@core/infra/vapid";
import { createSql } from "@core/infra/db";
import { migrate } from "@core/infra/migrate";
import { ensureInfra, InfraError } from "./infra";

const production = process.argv.includes("--production");
const env: Record<string, string | undefined> = { ...process.env };
if (production) env.NODE_ENV ??= "production";
// The development mailbox (codes and links in the browser) exists only under `bun dev`.
else env.DEV_MAILBOX ??= "1";

// Validate what the user set before starting anything (URLs are filled in below when embedded).
try {
  parseConfig({
    ...env,
    DATABASE_URL: env.DATABASE_URL || "postgres://placeholder@127.0.0.1/x",
    REDIS_URL: env.REDIS_URL || "redis://127.0.0.1:6379",
    JWT_SECRET: env.JWT_SECRET || (env.NODE_ENV === "production" ? "x".repeat(32) : undefined),
    // Like the JWT secret: filled in below for a local production trial, checked by the server otherwise.
    ...(env.NODE_ENV === "production" && !env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY ? vapidKeysEnv() : {}),
  });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// Server and engine each serve /metrics on their own port: the server METRICS_PORT, the engine the next one up (both
// binding one port made the second exit with EADDRINUSE and take the app down).
const engineEnv: Record<string, string | undefined> = {};
if (env.METRICS_PORT) {
  const enginePort = Number(env.METRICS_PORT) + 1;
  if (enginePort > 65535 || enginePort === Number(env.PORT || 3000)) {
    console.error(`Invalid configuration: the engine's metrics port METRICS_PORT+1 (${enginePort}) must be a free port other than PORT`);
    process.exit(1);
  }
  engineEnv.METRICS_PORT = String(enginePort);
}

let infra: Awaited<ReturnType<typeof ensureInfra>>;
try {
  infra = await ensureInfra(env, { share: true });
} catch (err) {
  if (err instanceof InfraError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
env.DATABASE_URL = infra.databaseUrl;
env.REDIS_URL = infra.redisUrl;
if (production && infra.embeddedDb && !env.JWT_SECRET) {
  // A local production-mode trial with embedded services: keep the generated secret under .data like dev does.
  const { parseConfig: parse } = await import("@core/infra/config");
  env.JWT_SECRET = parse({ ...env, NODE_ENV: "development" }).JWT_SECRET;
}
if (production && infra.embeddedDb && !env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) {
  // The same for the Web Push key pair (core/infra/vapid.ts keeps it under the data dir).
  const keys = devVapidKeys(DATA_DIR);
  env.VAPID_PUBLIC_KEY = keys.publicKey;
  env.VAPID_PRIVATE_KEY = keys.privateKey;
}

{
  const sql = createSql(infra.databaseUrl, { max: 1 });
  await migrate(sql, (m) => console.log(m));
  await sql.end();
}

const watch = production ? [] : ["--watch"];
const children = [
  Bun.spawn(["bun", ...watch, "server/src/main.ts"], { env, stdout: "inherit", stderr: "inherit" }),
  Bun.spawn(["bun", ...watch, "engine/src/main.ts"], { env: { ...env, ...engineEnv }, stdout: "inherit", stderr: "inherit" }),
];
console.log(
  `Tradewind ${production ? "production" : "dev"}: http://localhost:${env.PORT || 3000}` +
    ` (postgres: ${infra.embeddedDb ? `embedded PostgreSQL in ${infra.dbDir}` : "DATABASE_URL"},` +
    ` redis: ${infra.embeddedRedis ? "private redis-server" : "REDIS_URL"})` +
    (env.METRICS_PORT ? `; metrics: server :${env.METRICS_PORT}, engine :${engineEnv.METRICS_PORT}` : ""),
);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  await Promise.race([Promise.all(children.map((c) => c.exited)), Bun.sleep(5000)]);
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await infra!.stop();
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
// If a child dies on its own (e.g. bad configuration), take everything down with its exit code.
for (const child of children) {
  child.exited.then((code) => {
    if (!stopping && !watch.length) stop(code || 1);
    else if (!stopping && code !== 0 && child.signalCode === null) stop(code);
  });
}
