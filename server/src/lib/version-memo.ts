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
/**
 * A version polled within this long of its bound is read again in the background (refreshAhead), so a trader's polls
 * keep being answered from memory instead of one in every MEMO_MS taking the route to Redis. An entry is still never
 * trusted longer than MEMO_MS after the read that stored it started.
 */
const REFRESH_AHEAD_MS = 15_000;
/** Background reads asked for within this long go to Redis as one pipeline. */
const REFRESH_WINDOW_MS = 100;
/** Beyond this many users the expired entries are swept (a sweep is O(entries), so not on every read). */
const SWEEP_AT = 50_000;

type Entry = { version: string; at: number; refreshing?: boolean };
type Source = { redis: Redis; keys: RedisKeys };

export class VersionMemo {
  constructor(
    private readonly maxAgeMs = MEMO_MS,
    private readonly aheadMs = REFRESH_AHEAD_MS,
  ) {}

  private entries = new Map<number, Entry>();
  /** When each user's version was last dropped: a read that started before it must not store what it read. */
  private dropped = new Map<number, number>();
  private droppedAllAt = 0;
  private live = false;
  /** A tab's lists all ask at once when it opens: one Redis round trip per user serves them all. */
  private readonly reads = new Coalescer<number, string>();

  async read(deps: Source, userId: number): Promise<string> {
    this.source ??= deps;
    const started = performance.now();
    const held = this.peek(userId);
    if (held !== undefined) return held;
    const version = await this.reads.run(userId, () => this.fetch(deps, userId));
    this.store(userId, version, started);
    return version;
  }

  /** The version this process holds for the user, if it is within its bound and the subscriber is live; no Redis. */
  peek(userId: number): string | undefined {
    const hit = this.live ? this.entries.get(userId) : undefined;
    const age = hit ? performance.now() - hit.at : Number.POSITIVE_INFINITY;
    if (!hit || age >= this.maxAgeMs) return undefined;
    if (age > this.maxAgeMs - this.aheadMs && !hit.refreshing) this.refreshAhead(userId, hit);
    return hit.version;
  }

  /** What a read that started at `started` found, kept unless the subscriber was away or the user changed since. */
  private store(userId: number, version: string, started: number) {
    if (!this.live || this.droppedAllAt >= started || (this.dropped.get(userId) ?? -1) >= started) return;
    if (this.entries.size >= SWEEP_AT) this.sweep(started);
    this.entries.set(userId, { version, at: started });
  }

  /** The deployment the memo reads from (the first read names it; one memo serves one Redis client). */
  private source?: Source;
  private ahead?: TurnBatch<number, string>;

  /** The user's version read again in the background; the entry runs out as before if that read fails. */
  private refreshAhead(userId: number, hit: Entry) {
    const source = this.source;
    if (!source) return;
    hit.refreshing = true;
    const started = performance.now();
    this.ahead ??= new TurnBatch((userIds) => userVersions(source, userIds), REFRESH_WINDOW_MS);
    this.ahead.add(userId).then(
      (version) => {
        hit.refreshing = false;
        if (this.entries.get(userId) === hit) this.store(userId, version, started);
      },
      () => {
        hit.refreshing = false;
      },
    );
  }

  /**
   * Versions not in the memo, asked for during one event-loop turn, go to Redis together after it as one pipelined
   * write: at thousands of traders most polls missed a 5 s memo, and a write per poll was the largest share of a
   * poll's CPU after the HTTP path itself (bench profile).
   */
  private batch?: TurnBatch<number, string>;

  private fetch(deps: Source, userId: number): Promise<string> {
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
