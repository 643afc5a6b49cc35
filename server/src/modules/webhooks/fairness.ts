// Fair use of the shared webhook workers: slots per trader and per endpoint, and a circuit on endpoints that never answer.
import type { ServerDeps } from "../../deps";

/** Deliveries of one trader in flight at once, across every server process (the queue has 4 slots per process). */
export const USER_SLOTS = 2;
/** Deliveries to one endpoint in flight at once. */
export const ENDPOINT_SLOTS = 1;
/** A slot lease outlives the longest attempt (10 s): a process that died holding one frees it by itself. */
const LEASE_MS = 30_000;
/** Consecutive attempts with no answer (time-out, refused, reset) that open an endpoint's circuit. */
export const CIRCUIT_AFTER = 3;
/** While open, attempts are logged and retried later without a connection. */
export const CIRCUIT_OPEN_SECONDS = 300;

// Atomic across processes: expired leases go, then both sets must have room, then the lease is added to both.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) or redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 1`;

type Deps = Pick<ServerDeps, "redis" | "keys">;
const slotKeys = (deps: Deps, userId: number, webhookId: number) => [
  deps.keys.key(`webhooks:slots:user:${userId}`),
  deps.keys.key(`webhooks:slots:endpoint:${webhookId}`),
];

/** A slot for one attempt, or null when the trader or the endpoint has its share in flight; call the answer to free it. */
export async function takeSlot(deps: Deps, userId: number, webhookId: number, lease: string): Promise<(() => Promise<void>) | null> {
  const keys = slotKeys(deps, userId, webhookId);
  const now = Date.now();
  const ok = await deps.redis.eval(TAKE, 2, ...keys, now, now + LEASE_MS, lease, USER_SLOTS, ENDPOINT_SLOTS, LEASE_MS);
  if (ok !== 1) return null;
  return async () => {
    await Promise.all(keys.map((k) => deps.redis.zrem(k, lease)));
  };
}

const failKey = (deps: Deps, webhookId: number) => deps.keys.key(`webhooks:no-answer:${webhookId}`);
const openKey = (deps: Deps, webhookId: number) => deps.keys.key(`webhooks:circuit:${webhookId}`);

export const circuitOpen = async (deps: Deps, webhookId: number) => (await deps.redis.exists(openKey(deps, webhookId))) === 1;

/** Records an attempt's outcome: an answer of any status closes the count; the CIRCUIT_AFTER-th silence in a row opens it. */
export async function recordAnswer(deps: Deps, webhookId: number, answered: boolean): Promise<void> {
  if (answered) return void (await deps.redis.del(failKey(deps, webhookId)));
  const n = await deps.redis.incr(failKey(deps, webhookId));
  await deps.redis.expire(failKey(deps, webhookId), CIRCUIT_OPEN_SECONDS * 2);
  if (n >= CIRCUIT_AFTER) {
    await deps.redis.set(openKey(deps, webhookId), "1", "EX", CIRCUIT_OPEN_SECONDS);
    await deps.redis.del(failKey(deps, webhookId));
  }
}
