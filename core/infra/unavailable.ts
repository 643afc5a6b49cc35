// Tells "a backing service is down" errors (Postgres or Redis unreachable, restarting, shutting down) from bugs, so the
// server answers 503 instead of 500 and the engine retries later instead of failing an analysis for good.

export type Dependency = "database" | "redis";

/** postgres.js's own codes for a lost or never-made connection. */
const PG_CLIENT_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);
/** Socket errors; attributed to Postgres only when postgres.js attached its query to them. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** SQLSTATEs of a server that is shutting down, starting up, or has no connection slot left (class 08 is handled below). */
const PG_SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** ioredis: a command given up after the reconnect attempts, or after the command time-out, or on a closed client. */
const REDIS_MESSAGES = new Set(["Command timed out", "Connection is closed."]);

/** Which dependency the error says is unreachable, or null when it is some other error. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (!error || typeof error !== "object") return null;
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  if (e.name === "MaxRetriesPerRequestError" || (typeof e.message === "string" && REDIS_MESSAGES.has(e.message))) return "redis";
  if (typeof e.code !== "string") return null;
  if (PG_CLIENT_CODES.has(e.code)) return "database";
  if (e.name === "PostgresError" && (PG_SERVER_CODES.has(e.code) || e.code.startsWith("08"))) return "database";
  if (NETWORK_CODES.has(e.code) && "query" in error) return "database";
  return null;
}
