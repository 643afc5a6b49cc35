// What every server module is given: configuration, Postgres, Redis (with its key prefix) and the logger.
import type Redis from "ioredis";
import type { Config } from "@core/infra/config";
import type { Sql } from "@core/infra/db";
import type { RedisKeys } from "@core/infra/redis";
import type { Logger } from "@core/infra/log";

export type ServerDeps = {
  config: Config;
  sql: Sql;
  redis: Redis;
  keys: RedisKeys;
  log: Logger;
};

/** `expiresAt` (ms since epoch) is the token's own expiry, for holders that outlive a request (sockets). */
export type AuthUser = { id: number; sessionId: number | null; expiresAt?: number };

/**
 * Checks beyond the signature: the login session must still be active and the user not blocked, so
 * revoking a session takes effect before the token expires. May throw an HttpError (403 for a blocked user).
 */
export type SessionCheck = {
  (user: AuthUser): Promise<boolean>;
  /** The same answer when memory alone gives it (a live session within the check's bound), never waiting: else false. */
  known(user: AuthUser): boolean;
};

/** What the composition root (app.ts) adds for the modules: the per-request session check, built once. */
export type AppDeps = ServerDeps & { sessionCheck: SessionCheck };
