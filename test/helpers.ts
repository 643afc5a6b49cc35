// The test kit: an in-process app on the run's fresh database, users with tokens, JSON requests and waiting (the fault
// tests' processes and books are in test/faults/harness.ts, built on these).
import { loadConfig } from "@core/infra/config";
import { createSql, type Sql } from "@core/infra/db";
import { createRedis, redisKeys } from "@core/infra/redis";
import { createLogger } from "@core/infra/log";
import { applyCreditChange } from "@core/ledger/credits";
import { listenUserChanges } from "@core/infra/user-version";
import { userChannel } from "@core/contract/socket";
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

export type TestUser = { id: number; email: string; token: string };
export type UserOptions = { credits?: number; email?: string; tag?: string; password?: string; firstName?: string };

/**
 * A user inserted directly (bypassing registration) on `sql` with `credits` granted through the ledger, and a
 * session-less access token signed with `jwtSecret` (the one the app under test verifies with).
 */
export async function insertUser(sql: Sql, jwtSecret: string, opts: UserOptions = {}): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail(opts.tag);
  // Cheap argon2 parameters: a test signs in with these to exercise the limits and flows, not the hash.
  const hash = await Bun.password.hash(opts.password ?? "Password1!", { algorithm: "argon2id", memoryCost: 4096, timeCost: 2 });
  const [user] = await sql<{ id: number; email: string }[]>`
    insert into users (email, password_hash, first_name, last_name)
    values (${email}, ${hash}, ${opts.firstName ?? "Test"}, ${"Trader"}) returning id, email`;
  if (opts.credits) {
    await sql.begin((tx) => applyCreditChange(tx, { userId: user.id, kind: "GRANT", amount: opts.credits!, note: "test" }));
  }
  const token = await signAccessToken(jwtSecret, { userId: user.id, sessionId: null });
  return { id: Number(user.id), email: user.email, token };
}

/** A user on the run's test database (see insertUser). */
export function createUser(opts: UserOptions = {}): Promise<TestUser> {
  const { sql, config } = testDeps();
  return insertUser(sql, config.JWT_SECRET, opts);
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

/**
 * Polls `read` until it gives something other than null/undefined/false; throws naming `what` after `maxMs`. A read
 * that throws is tried again (a fault test's own reads may hit the fault too): only the deadline decides.
 */
export async function waitFor<T>(
  read: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  maxMs: number,
  what: string,
): Promise<T> {
  const until = Date.now() + maxMs;
  let lastError: unknown = null;
  while (Date.now() < until) {
    try {
      const v = await read();
      if (v !== null && v !== undefined && v !== false) return v;
    } catch (err) {
      lastError = err;
    }
    await Bun.sleep(25);
  }
  throw new Error(`gave up waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
}

/** A message heard on a user's socket topic, with whose topic it was. */
export type Heard = { userId: number; message: string };

/**
 * Runs `body` while the change listener every server process runs (main.ts) listens, recording what reaches these
 * users' socket topics in arrival order. Start it after making the users: their first grants' announcements must not
 * land inside `body`.
 */
export async function whileListening(userIds: number[], body: (heard: Heard[]) => Promise<void>) {
  const deps = testDeps();
  const stop = await listenUserChanges(deps);
  const sub = deps.redis.duplicate();
  const users = new Map(userIds.map((id) => [deps.keys.channel(userChannel(id)), id]));
  try {
    const heard: Heard[] = [];
    sub.on("message", (channel: string, message: string) => heard.push({ userId: users.get(channel) ?? -1, message }));
    await sub.subscribe(...users.keys());
    await body(heard);
  } finally {
    await sub.quit();
    await stop();
  }
}
