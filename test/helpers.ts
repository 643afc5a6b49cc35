// Test helpers: an in-process app on the run's fresh database, users with tokens, and JSON requests.
import { loadConfig } from "@core/config";
import { createSql, type Sql } from "@core/db";
import { createRedis, redisKeys } from "@core/redis";
import { createLogger } from "@core/log";
import { applyCreditChange } from "@core/credits";
import { createApp } from "../server/src/app";
import type { ServerDeps } from "../server/src/deps";
import { signAccessToken } from "../server/src/lib/auth";

let shared: ServerDeps | null = null;

/** Connections for the run's fresh database and Redis prefix (created by test/setup.ts), shared by a test file. */
export function testDeps(): ServerDeps {
  if (shared) return shared;
  const config = loadConfig();
  shared = {
    config,
    sql: createSql(config.DATABASE_URL, { max: 20 }),
    redis: createRedis(config.REDIS_URL),
    keys: redisKeys(config.REDIS_PREFIX),
    log: createLogger("test", "silent"),
  };
  return shared;
}

export function testApp() {
  return createApp(testDeps());
}

let counter = 0;
export const uniqueEmail = (tag = "user") => `${tag}.${Date.now().toString(36)}.${++counter}.${Math.random().toString(36).slice(2, 6)}@example.test`;

/** A user inserted directly (bypassing registration) with an access token; credits go through the ledger. */
export async function createUser(opts: { credits?: number; email?: string; password?: string; firstName?: string } = {}) {
  const { sql, config } = testDeps();
  const email = opts.email ?? uniqueEmail();
  const hash = await Bun.password.hash(opts.password ?? "Password1!", { algorithm: "argon2id", memoryCost: 4096, timeCost: 2 });
  const [user] = await sql`
    insert into users (email, password_hash, first_name, last_name)
    values (${email}, ${hash}, ${opts.firstName ?? "Test"}, ${"Trader"}) returning id, email`;
  if (opts.credits) {
    await sql.begin((tx) => applyCreditChange(tx, { userId: user.id, kind: "GRANT", amount: opts.credits!, note: "test" }));
  }
  const token = await signAccessToken(config.JWT_SECRET, { userId: user.id, sessionId: null });
  return { id: user.id as number, email: user.email as string, token };
}

export type JsonResponse = { status: number; body: any; headers: Headers };

/** Calls the app in-process with a JSON body and optional bearer token. */
export async function call(
  app: { handle: (r: Request) => Promise<Response> },
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
    }),
  );
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body, headers: res.headers };
}

export async function closeTestDeps(sql?: Sql) {
  if (!shared) return;
  await Promise.allSettled([shared.sql.end({ timeout: 1 }), shared.redis.quit()]);
  shared = null;
  void sql;
}

/** Polls `read` until it gives something other than null/undefined/false; throws naming `what` after `maxMs`. */
export async function waitFor<T>(
  read: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  maxMs: number,
  what: string,
): Promise<T> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const v = await read();
    if (v !== null && v !== undefined && v !== false) return v;
    await Bun.sleep(25);
  }
  throw new Error(`gave up waiting for ${what}`);
}
