// A Redis leader lock: one process among many holds `key` (renewed, released on stop) and runs what only one may run.
import type Redis from "ioredis";
import type { Logger } from "./log";

export const LEADER_TTL_MS = 30_000;
export const RENEW_EVERY_MS = 10_000;

// Compare-and-act scripts: only the holder may extend or release the lock.
const RENEW_LUA = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_LUA = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** How long a standby waits before campaigning again, given the lock's remaining PTTL (-2: gone, -1: no expiry). */
export function standbyWait(pttlMs: number, everyMs: number): number {
  if (pttlMs === -2) return 0;
  return pttlMs >= 0 ? Math.min(everyMs, pttlMs + 1) : everyMs;
}

export type LeaderLock = { isLeader(): boolean; stop(): Promise<void> };

/**
 * Campaigns for `key` every `renewEveryMs` (the lock lives LEADER_TTL_MS); calls `onElected` on winning and `onLost`
 * when a renewal finds the lock gone or taken. `what` names the role in the log.
 */
export function startLeaderLock(o: {
  redis: Redis;
  key: string;
  id: string;
  log: Logger;
  what: string;
  renewEveryMs?: number;
  onElected: () => void;
  onLost: () => void;
}): LeaderLock {
  let leader = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const elect = async () => {
    if (stopped) return;
    let next = o.renewEveryMs ?? RENEW_EVERY_MS;
    try {
      if (leader) {
        const ok = await o.redis.eval(RENEW_LUA, 1, o.key, o.id, String(LEADER_TTL_MS));
        if (Number(ok) !== 1) {
          leader = false;
          o.onLost();
        }
      }
      // A leader that just lost the lock campaigns at once too: after a Redis flush or restart nobody holds it, and
      // winning it resumes the work now instead of one renew period later.
      if (!leader) {
        if ((await o.redis.set(o.key, o.id, "PX", LEADER_TTL_MS, "NX")) === "OK") {
          leader = true;
          o.onElected();
        }
        // A standby campaigns again the moment the holder's lock would lapse: a leader that died right after renewing
        // is replaced within one lock time, not a lock time plus a campaign interval.
        else next = standbyWait(Number(await o.redis.pttl(o.key)), next);
      }
    } catch (err) {
      o.log.error(`${o.what} leader election failed`, { error: String(err) });
    }
    if (!stopped) timer = setTimeout(() => void elect(), next);
  };
  void elect();

  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (leader) {
        leader = false;
        // Release at once so a standby takes over without waiting for the TTL.
        await o.redis.eval(RELEASE_LUA, 1, o.key, o.id).catch(() => {});
      }
    },
  };
}
