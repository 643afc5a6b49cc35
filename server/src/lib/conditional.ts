// Cheap polls: a polled list of the caller's own rows answers 304 from the per-user version (Redis, or this process's
// copy of it while pushes keep that current), before Postgres.
import type { AppDeps, ServerDeps } from "../deps";
import { knownCaller } from "./auth";
import { sharedJson, sharedParts, type Bytes, type StaticBody } from "./compression";
import { listedTags } from "./etag";
import { versionMemoFor } from "./version-memo";
import { Coalescer, Gate } from "@core/infra/coalesce";
import { countWaitingReads, hotSeries, polledLists, sharedAnswers } from "@core/infra/metrics";

type Set = { headers: Record<string, string | number>; status?: number | string };

/**
 * The tag in If-None-Match (which may list several, or `*`) that confirms `base`: weak and strong compare alike here
 * (RFC 9110 weak comparison). A timed tag (`base.until`) confirms only before its time (ms, base 36), and `*` never
 * does (its time is unknown), or null.
 */
function confirmed(header: string | null, base: string, timed: boolean): string | null {
  if (!header) return null;
  for (const t of listedTags(header)) {
    if (!timed && (t === "*" || t === `"${base}"`)) return `W/"${base}"`;
    if (timed && t.startsWith(`"${base}.`) && t.endsWith('"') && Number.parseInt(t.slice(base.length + 2, -1), 36) > Date.now()) return `W/${t}`;
  }
  return null;
}

/**
 * An answer relative to now (a `range=24h` query) changes with the clock alone: its tag also carries the minute, so it
 * is confirmed for at most the rest of that minute.
 */
function scope(pathname: string, search: string): string {
  const minute = RANGE.test(search) ? `:${Math.floor(Date.now() / 60_000)}` : "";
  return Bun.hash(pathname + search + minute).toString(36);
}
const RANGE = /[?&]range(=|&|$)/;

/** A request's path and query (`?…` or empty) as sent, without building a URL (answeredFromMemory runs on every poll). */
function pathAndQuery(href: string): [string, string] {
  const start = href.indexOf("/", href.indexOf("//") + 2);
  const q = href.indexOf("?", start);
  return q < 0 ? [href.slice(start), ""] : [href.slice(start, q), href.slice(q)];
}

/** The polled-list counter's series for one answer the route gave, each made once (hot path: metrics.ts hotSeries). */
const counters = new Map<string, () => void>();
function countAnswer(pathname: string, result: "not_modified" | "full") {
  const key = `${result} ${pathname}`;
  let count = counters.get(key);
  if (!count) {
    count = hotSeries(polledLists, { list: pathname.replace(/\/$/, ""), result, answered_by: "route" });
    // Bounded like `tagged`: only list routes reach here, so the keys are a handful of fixed paths.
    if (counters.size < 256) counters.set(key, count);
  }
  count();
}

export type ConditionalOptions<T> = {
  /** `false` (an analysis still running: its progress and countdown move with the clock) leaves the answer untagged. */
  stable?: (data: T) => boolean;
  /**
   * When the answer next changes with the clock alone, whatever the rows (ms; the stat cards: the next UTC midnight or
   * the next signal to leave a 7-day window). Its tag carries that time and is confirmed only before it.
   */
  freshUntil?: (data: T) => number;
};

/**
 * Reads in flight by (user, version, query): a tab that opens asks for each list once, but a poll that comes due while
 * the first load is still queued (every tab opening at once after a deploy) would read the same rows again. Same
 * version means no change committed since, so sharing the answer is as fresh as reading again.
 */
const reads = new Coalescer<string, unknown>();
/** Full list reads running at once per process (a bounded read queue; see Gate); the rest wait in arrival order. */
export const listReads = new Gate(16);
countWaitingReads(() => listReads.queued);

/**
 * The paths this process has tagged an answer for, with their route and whether their tags are timed: the only ones
 * answeredFromMemory may confirm (a tag is the user's version and the exact path and query, so it names one list).
 */
const tagged = new Map<string, { route: string; timed: boolean; fromMemory: () => void }>();

/** An answer given before routing: the route it stands for (to count it under), its status and bytes (none for a 304). */
export type MemoryAnswer = { route: string; status: 200 | 304; body: Bytes | null };

/**
 * A steady poll answered before routing (app.ts, after the global hooks), its headers put in `set`: a market read while
 * its snapshot copy stands (its 304 or its shared bytes), or a polled list whose tag this process's memory alone
 * confirms (the caller's token and session as the `auth` option would find them, the version in the memo): the answer
 * the route would give, without its validation, handler and awaits. Undefined when anything would need work (then the
 * route runs as usual).
 */
export function answeredFromMemory(deps: AppDeps, request: Request, set: Set): MemoryAnswer | undefined {
  if (request.method !== "GET") return undefined;
  const [pathname, search] = pathAndQuery(request.url);
  const answer = shared.get(pathname + search);
  if (answer) return sharedFromMemory(answer, request, set);
  const header = request.headers.get("if-none-match");
  const list = header ? tagged.get(pathname) : undefined;
  const user = list && knownCaller(deps, request);
  const version = user && versionMemoFor(deps.redis).peek(user.id);
  const tag = version && confirmed(header, `${version}.${scope(pathname, search)}`, list.timed);
  if (!tag) return undefined;
  set.headers.etag = tag;
  list.fromMemory();
  return { route: list.route, status: 304, body: null };
}

/**
 * Answers 304 when the client's tag names the user's current version and this exact query; otherwise reads and tags
 * the answer (unless `stable` says it moves with the clock, so the next poll reads again).
 */
export async function conditionalRead<T>(
  deps: Pick<ServerDeps, "redis" | "keys" | "log">,
  ctx: { request: Request; set: Set; route?: string },
  userId: number,
  read: () => Promise<T>,
  { stable = () => true, freshUntil }: ConditionalOptions<T> = {},
): Promise<T> {
  let version: string | null = null;
  try {
    version = await versionMemoFor(deps.redis).read(deps, userId);
  } catch (err) {
    // Redis down: answer from Postgres, untagged; the poll still works, only its shortcut is gone.
    deps.log.debug("user version unavailable", { error: String(err) });
  }
  const [pathname, search] = pathAndQuery(ctx.request.url);
  const base = version ? `${version}.${scope(pathname, search)}` : null;
  const tag = base && confirmed(ctx.request.headers.get("if-none-match"), base, freshUntil !== undefined);
  if (tag) {
    ctx.set.headers.etag = tag;
    ctx.set.status = 304;
    countAnswer(pathname, "not_modified");
    // Not Modified has no body; the route's 200 schema is not applied to it.
    return null as T;
  }
  countAnswer(pathname, "full");
  const data = base ? ((await reads.run(`${userId} ${base}`, () => listReads.run(read))) as T) : await listReads.run(read);
  if (base && stable(data)) {
    ctx.set.headers.etag = freshUntil ? `W/"${base}.${freshUntil(data).toString(36)}"` : `W/"${base}"`;
    // Bounded: only fixed list paths reach here today; a list under a path parameter would add one per id.
    if (ctx.route && !tagged.has(pathname) && tagged.size < 64) {
      const fromMemory = hotSeries(polledLists, { list: pathname.replace(/\/$/, ""), result: "not_modified", answered_by: "memory" });
      tagged.set(pathname, { route: ctx.route, timed: freshUntil !== undefined, fromMemory });
    }
  }
  return data;
}

/**
 * The shared answers (the market reads) by path and query as sent, with their route: the body each was last answered
 * with. Only answers a route gave (a supported symbol, a known topic) are kept, at most SHARED_MAX of them.
 */
type Shared = { route: string; body: StaticBody; count: (result: "not_modified" | "full", by: "memory" | "route") => void };
const shared = new Map<string, Shared>();
const SHARED_MAX = 64;

/** A shared answer before routing, 304 or in full, while its body is still current (its snapshot copy unchanged). */
function sharedFromMemory(answer: Shared, request: Request, set: Set): MemoryAnswer | undefined {
  const parts = answer.body.current?.() ? sharedParts(request, answer.body) : undefined;
  if (!parts) return undefined;
  Object.assign(set.headers, parts.headers);
  answer.count(parts.status === 304 ? "not_modified" : "full", "memory");
  return { route: answer.route, status: parts.status, body: parts.body };
}

/** The counter's four series of each shared route (a fixed few), made once per route (hot path: metrics.ts hotSeries). */
const sharedCounters = new Map<string, Shared["count"]>();
function sharedCounter(route: string): Shared["count"] {
  const known = sharedCounters.get(route);
  if (known) return known;
  const series = new Map<string, () => void>();
  for (const result of ["not_modified", "full"] as const)
    for (const by of ["memory", "route"] as const) series.set(`${result} ${by}`, hotSeries(sharedAnswers, { route, result, answered_by: by }));
  const count: Shared["count"] = (result, by) => series.get(`${result} ${by}`)!();
  sharedCounters.set(route, count);
  return count;
}

/**
 * A route's shared JSON answer (lib/compression.ts sharedJson), remembered under the request's path and query so that
 * the next poll can be answered from memory while it stays current.
 */
export async function sharedRead(ctx: { request: Request; route: string }, body: StaticBody): Promise<Response> {
  const [pathname, search] = pathAndQuery(ctx.request.url);
  const key = pathname + search;
  let answer = shared.get(key);
  if (answer) answer.body = body;
  else if (body.current) {
    // Any number of query spellings name the same answer (`?symbol=btcusdt`, extra parameters): beyond the bound the
    // oldest goes, so spellings nobody repeats cannot keep the ones every tab polls out.
    if (shared.size >= SHARED_MAX) shared.delete(shared.keys().next().value as string);
    answer = { route: ctx.route, body, count: sharedCounter(ctx.route) };
    shared.set(key, answer);
  }
  const response = await sharedJson(ctx.request, body);
  answer?.count(response.status === 304 ? "not_modified" : "full", "route");
  return response;
}
