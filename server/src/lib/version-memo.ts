// This process's copy of the users' versions (core/user-version), so most polls answer 304 with no Redis round trip.
// An entry lives at most MEMO_MS (a minute) and is dropped as soon as the user's user_changed message arrives on the market
// socket's subscriber (market/socket.ts); it is used only while that subscriber is connected, and a reconnect drops
// every entry, since messages sent while it was away are lost.
import type Redis from "ioredis";
import type { RedisKeys } from "@core/infra/redis";
import { userVersions } from "@core/infra/user-version";
import { Coalescer, TurnBatch } from "@core/infra/coalesce";

/**
 * Bounds how long a version can outlive an announcement this process never heard: the subscriber is trusted only from
 * Redis's confirmation of its subscription to its close (market/socket.ts), so that takes an announcement lost after
 * the change (its publisher gone between the two). 5 s let a trader's every fourth poll or so through to Redis; a
 * minute keeps that rare case short and, beside Redis's own 300 s expiry of a version, adds little.
 */
export const MEMO_MS = 60_000;
/** Beyond this many users the expired entries are swept (a sweep is O(entries), so not on every read). */
const SWEEP_AT = 50_000;

type Entry = { version: string; at: number };

export class VersionMemo {
  constructor(private readonly maxAgeMs = MEMO_MS) {}

  private entries = new Map<number, Entry>();
  /** When each user's version was last dropped: a read that started before it must not store what it read. */
  private dropped = new Map<number, number>();
  private droppedAllAt = 0;
  private live = false;
  /** A tab's lists all ask at once when it opens: one Redis round trip per user serves them all. */
  private readonly reads = new Coalescer<number, string>();

  async read(deps: { redis: Redis; keys: RedisKeys }, userId: number): Promise<string> {
    const started = performance.now();
    const held = this.peek(userId);
    if (held !== undefined) return held;
    const version = await this.reads.run(userId, () => this.fetch(deps, userId));
    if (this.live && this.droppedAllAt < started && (this.dropped.get(userId) ?? -1) < started) {
      if (this.entries.size >= SWEEP_AT) this.sweep(started);
      this.entries.set(userId, { version, at: started });
    }
    return version;
  }

  /** The version this process holds for the user, if it is within its bound and the subscriber is live; no Redis. */
  peek(userId: number): string | undefined {
    const hit = this.live ? this.entries.get(userId) : undefined;
    return hit && performance.now() - hit.at < this.maxAgeMs ? hit.version : undefined;
  }

  /**
   * Versions not in the memo, asked for during one event-loop turn, go to Redis together after it as one pipelined
   * write: at thousands of traders most polls missed a 5 s memo, and a write per poll was the largest share of a
   * poll's CPU after the HTTP path itself (bench profile).
   */
  private batch?: TurnBatch<number, string>;

  private fetch(deps: { redis: Redis; keys: RedisKeys }, userId: number): Promise<string> {
    this.batch ??= new TurnBatch((userIds) => userVersions(deps, userIds));
    return this.batch.add(userId);
  }

  /** The user's data changed (user_changed arrived): the next read goes to Redis. */
  drop(userId: number) {
    this.entries.delete(userId);
    this.reads.forget(userId);
    this.dropped.set(userId, performance.now());
    if (this.dropped.size >= SWEEP_AT) this.sweep(performance.now());
  }

  /** The subscriber is connected (`true`) or gone (`false`); either way nothing read before now is trusted. */
  setLive(live: boolean) {
    this.live = live;
    this.entries.clear();
    this.reads.forgetWhere(() => true);
    this.dropped.clear();
    this.droppedAllAt = performance.now();
  }

  private sweep(now: number) {
    for (const [id, e] of this.entries) if (now - e.at >= this.maxAgeMs) this.entries.delete(id);
    // A drop older than any read still in flight can no longer matter (Redis commands time out within seconds).
    for (const [id, at] of this.dropped) if (now - at >= this.maxAgeMs) this.dropped.delete(id);
  }
}

// One memo per Redis client, i.e. per deployment a process serves (tests build many apps in one process).
const memos = new WeakMap<Redis, VersionMemo>();
export function versionMemoFor(redis: Redis): VersionMemo {
  let memo = memos.get(redis);
  if (!memo) {
    memo = new VersionMemo();
    memos.set(redis, memo);
  }
  return memo;
}
