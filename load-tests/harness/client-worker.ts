// A load-generating client process of the benchmarks (spawned by clients.ts, never in the server's process): reads one
// task as a JSON line on stdin, runs it over loopback and prints JSON lines on stdout: {"event":"ready"} once its
// sockets are subscribed, then {"event":"result",…}. End of stdin asks it to finish early (fan-out: updates are done).
// undici's own files, not the bare name: Bun answers "undici" with its built-in stand-in, which has no Pool.
import { Pool } from "undici/index.js";
import { ANALYSIS_SYMBOLS, pollHeaders, pollOk, type PollTarget, SUBSCRIBE_MESSAGE, targetPicker } from "../scenarios";

/**
 * Closed loop: `concurrency` clients each send the next request when the last one answered (saturation throughput).
 * `warm`: first fetch every (token, target) once, untimed, as every open tab already has: the timed run then measures
 * the steady state of polling (unchanged lists revalidated), not the first load of each list.
 */
export type ClosedTask = {
  kind: "closed";
  baseUrl: string;
  targets: PollTarget[];
  tokens: string[];
  concurrency: number;
  seconds: number;
  warm?: boolean;
  /** After the warm-up, report ready and wait for stdin to end before timing (the profile measures CPU from then). */
  hold?: boolean;
};
/**
 * Open loop: every trader polls every target at its interval from a random phase, whether or not answers keep up.
 * `warm`: each trader's lists are loaded once first (untimed, 64 at a time): tabs that were already open.
 */
export type OpenTask = {
  kind: "open";
  baseUrl: string;
  targets: PollTarget[];
  tokens: string[];
  seconds: number;
  warm?: boolean;
  cold?: boolean;
  /** Requests this worker keeps out at once (a proxy's upstream pool); the rest wait their turn in arrival order. */
  connections?: number;
};
/** `count` market sockets spread over `urls`, opened `batch` at a time; each waits for `expect` live updates. */
export type SocketsTask = { kind: "sockets"; urls: string[]; count: number; batch: number; expect: number; seconds: number };
/** One analysis start per token, all sent at once. */
export type StartTask = { kind: "start"; baseUrl: string; tokens: string[] };
export type Task = ClosedTask | OpenTask | SocketsTask | StartTask;

/**
 * Latencies in ms by target name. A cold open loop also reports each first load's latency (`first`) and when the last
 * one completed, in ms from the loop's start (`lastFirstMs`).
 */
export type HttpResult = {
  requests: number;
  errors: number;
  errorSamples: string[];
  latencies: Record<string, number[]>;
  seconds: number;
  first?: number[];
  lastFirstMs?: number;
  /** Cold loop: the latencies of the polls after each list's first load (from when each was due). */
  polled?: number[];
  /** Cold loop: polls not sent because the same list's request was still out (as the web client does). */
  skipped?: number;
  /** Errors by request kind (a tab's first load, or a later poll) and what went wrong (status, or the fetch error's name). */
  errorKinds?: Record<string, number>;
  /** This worker's own CPU time over the timed run (µs), to tell the load generator's cost from the server's. */
  cpuUs?: number;
  /** Open loop through a pool: the connections it opened (each kept for the requests after it, as a browser keeps them). */
  connections?: number;
};
/** `failedBy`: why sockets did not get to "subscribed" (an error event, a close with its code, or the time-out). */
export type SocketsResult = { opened: number; failed: number; failedBy: Record<string, number>; received: number; delays: number[] };
export type StartResult = { started: number; errors: number; errorSamples: string[] };

const REQUEST_TIMEOUT_MS = 10_000;
/** A tab's first load may wait this long (the cold-start target); a longer wait is a time-out error. */
const FIRST_LOAD_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes on one machine. */
export const wallMs = () => performance.timeOrigin + performance.now();
const round2 = (ms: number) => Math.round(ms * 100) / 100;

function countError(result: { errors: number; errorSamples: string[]; errorKinds?: Record<string, number> }, what: string, kind?: string) {
  result.errors++;
  if (result.errorSamples.length < 5) result.errorSamples.push(what);
  if (kind) {
    result.errorKinds ??= {};
    result.errorKinds[kind] = (result.errorKinds[kind] ?? 0) + 1;
  }
}

/**
 * The connections a worker's requests go through, when its task sets a number (the cold start): that many kept open
 * (undici's Pool), the rest of the requests waiting in arrival order. Bun's fetch keeps at most 64 idle connections per
 * process, so with hundreds in flight nearly every request dialled a new connection and closed it after the answer
 * (20,000 requests at 256 in flight went over 12,093 connections): the proxy and the server paid a connect and a close
 * per request, which no browser tab makes them pay.
 */
let pool: Pool | null = null;
/** What fetch sends by itself and a browser sends too; undici sends no encoding of its own. */
const ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * A trader of this worker: its token, and the last tag per polled path, as its browser keeps them. Looked up by object,
 * not by a "token|path" string: hashing a 300-character key twice per request made the load generator's CPU per
 * poll half as much again as per /api/health (bench profile), and it shares the machine with the server.
 */
type Trader = { token: string; tags: Map<PollTarget, string>; headers: Map<PollTarget, Record<string, string>> };
const traders = new WeakMap<string[], Trader[]>();
function tradersOf(tokens: string[]): Trader[] {
  let list = traders.get(tokens);
  if (!list) {
    list = tokens.map((token) => ({ token, tags: new Map(), headers: new Map() }));
    traders.set(tokens, list);
  }
  return list;
}

/** One request; its latency is counted from `since` (the time it was due in an open loop) to the last body byte. */
async function timedRequest(
  baseUrl: string,
  target: PollTarget,
  trader: Trader,
  since: number,
  result: HttpResult,
  timeoutMs = REQUEST_TIMEOUT_MS,
  phase: "first" | "poll" = "poll",
) {
  try {
    const { status, etag } = await (pool ? pooled(pool, target, trader, timeoutMs) : fetched(baseUrl, target, trader, timeoutMs));
    if (etag && etag !== trader.tags.get(target)) {
      trader.tags.set(target, etag);
      trader.headers.delete(target);
    }
    if (!pollOk(status)) countError(result, `${target.name} ${status}`, `${phase} ${status}`);
  } catch (err) {
    // A system error's code (ECONNRESET, ConnectionRefused…), else the error's name (TimeoutError: the harness gave up).
    const code = (err as { code?: unknown }).code;
    const name = typeof code === "string" ? code : (err as Error).name;
    countError(result, `${target.name} ${name}`, `${phase} ${name}`);
  }
  result.requests++;
  result.latencies[target.name] ??= [];
  const latency = round2(wallMs() - since);
  result.latencies[target.name].push(latency);
  return latency;
}

/**
 * A trader's request headers for a path, made again only when its tag changes (a browser holds them as state too):
 * building them per request, the 250-character bearer string included, was load-generator CPU the mix spent and
 * /api/health's request did not, on the cores the server it measures also runs on.
 */
function headersOf(trader: Trader, target: PollTarget): Record<string, string> {
  let headers = trader.headers.get(target);
  if (!headers) {
    headers = pollHeaders(target, trader.token, trader.tags.get(target));
    if (pool) headers["accept-encoding"] = ACCEPT_ENCODING;
    trader.headers.set(target, headers);
  }
  return headers;
}

type Answer = { status: number; etag: string | null };

async function fetched(baseUrl: string, target: PollTarget, trader: Trader, timeoutMs: number): Promise<Answer> {
  const res = await fetch(baseUrl + target.path, {
    headers: headersOf(trader, target),
    signal: AbortSignal.timeout(timeoutMs),
    // The body is only counted, never read: inflating it would spend the load generator's CPU (which shares this
    // machine with the server) on work that is the browser's, not the server's. The server still compresses.
    decompress: false,
  });
  await res.arrayBuffer();
  return { status: res.status, etag: res.headers.get("etag") };
}

/** The wait for a pooled connection counts against the time-out: the signal starts when the request is queued. */
async function pooled(pool: Pool, target: PollTarget, trader: Trader, timeoutMs: number): Promise<Answer> {
  const res = await pool.request({
    path: target.path,
    method: "GET",
    headers: headersOf(trader, target),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.body.dump({ limit: Number.MAX_SAFE_INTEGER });
  const etag = res.headers.etag;
  return { status: res.statusCode, etag: typeof etag === "string" ? etag : null };
}

const newHttpResult = (seconds: number): HttpResult => ({ requests: 0, errors: 0, errorSamples: [], latencies: {}, seconds });

/** One untimed request per (token, target), `concurrency` at a time. */
async function warmUp(task: { baseUrl: string; targets: PollTarget[]; tokens: string[]; concurrency: number }) {
  const pairs = tradersOf(task.tokens).flatMap((trader) => task.targets.map((target) => ({ trader, target })));
  const scratch = newHttpResult(0);
  let next = 0;
  await Promise.all(
    Array.from({ length: task.concurrency }, async () => {
      while (next < pairs.length) {
        const { trader, target } = pairs[next++];
        await timedRequest(task.baseUrl, target, trader, wallMs(), scratch);
      }
    }),
  );
}

async function closedLoop(task: ClosedTask, stopped: Promise<void>): Promise<HttpResult> {
  if (task.warm) await warmUp(task);
  if (task.hold) {
    await emit({ event: "ready" });
    await stopped;
  }
  const result = newHttpResult(task.seconds);
  const started = wallMs();
  const cpu = process.cpuUsage();
  const until = started + task.seconds * 1000;
  let sent = 0;
  const list = tradersOf(task.tokens);
  const pick = targetPicker(task.targets);
  await Promise.all(
    Array.from({ length: task.concurrency }, async () => {
      while (wallMs() < until) {
        const target = pick(Math.random());
        await timedRequest(task.baseUrl, target, list[sent++ % list.length], wallMs(), result);
      }
    }),
  );
  result.seconds = (wallMs() - started) / 1000;
  const used = process.cpuUsage(cpu);
  result.cpuUs = used.user + used.system;
  return result;
}

/**
 * Latency is measured from when each request was due, not from when it was sent: a client that falls behind shows
 * up in the numbers instead of quietly sending less (no coordinated omission). `cold`: every tab opens within the
 * first second and loads all its lists at once (after a deploy or an outage), then polls at the intervals.
 */
async function openLoop(task: OpenTask): Promise<HttpResult> {
  let connections = 0;
  if (task.connections) {
    pool = new Pool(task.baseUrl, { connections: task.connections, pipelining: 1 });
    pool.on("connect", () => connections++);
  }
  if (task.warm) await warmUp({ ...task, concurrency: 64 });
  const result = newHttpResult(task.seconds);
  const started = wallMs();
  const cpu = process.cpuUsage();
  const until = started + task.seconds * 1000;
  if (task.cold) [result.first, result.polled] = [[], []];
  const firstLoad = async (target: PollTarget, trader: Trader, due: number) => {
    result.first!.push(await timedRequest(task.baseUrl, target, trader, due, result, FIRST_LOAD_TIMEOUT_MS, "first"));
    result.lastFirstMs = Math.max(result.lastFirstMs ?? 0, round2(wallMs() - started));
  };
  const poll = async (target: PollTarget, trader: Trader, opensAt: number) => {
    const inFlight: Promise<unknown>[] = [];
    const every = target.everySeconds * 1000;
    let due = task.cold ? opensAt : started + Math.random() * every;
    // A cold tab is a React Query client: a poll that comes due while the list's last request is still out is not
    // sent (Query.fetch returns the request in flight), so a slow first load is not joined by repeats of itself.
    let pending: Promise<unknown> | null = null;
    const send = (request: Promise<unknown>) => {
      const tracked: Promise<unknown> = request.finally(() => {
        if (pending === tracked) pending = null;
      });
      pending = tracked;
      inFlight.push(tracked);
    };
    if (task.cold) {
      await Bun.sleep(Math.max(0, due - wallMs()));
      send(firstLoad(target, trader, startedAt(due)));
      due += every;
    }
    for (; due < until; due += every) {
      await Bun.sleep(Math.max(0, due - wallMs()));
      if (task.cold && pending) result.skipped = (result.skipped ?? 0) + 1;
      else send(timedRequest(task.baseUrl, target, trader, startedAt(due), result).then((latency) => result.polled?.push(latency)));
    }
    await Promise.all(inFlight);
  };
  await Promise.all(
    tradersOf(task.tokens).flatMap((trader) => {
      const opensAt = started + Math.random() * 1000;
      return task.targets.map((target) => poll(target, trader, opensAt));
    }),
  );
  result.seconds = (wallMs() - started) / 1000;
  const used = process.cpuUsage(cpu);
  result.cpuUs = used.user + used.system;
  if (pool) result.connections = connections;
  return result;
}

/**
 * Where a request's latency counts from: its due time, or when it was sent if that was earlier (a timer may wake a
 * fraction of a millisecond early, and counting from the due time then gave negative latencies).
 */
const startedAt = (due: number) => Math.min(due, wallMs());

/** Opens one socket and subscribes it; resolves null once it is subscribed, else why it did not get there in time. */
function connect(url: string, onUpdate: (sentAt: number) => void, sockets: WebSocket[]): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    sockets.push(socket);
    const timer = setTimeout(() => resolve("timeout"), CONNECT_TIMEOUT_MS);
    const done = (why: string | null) => {
      clearTimeout(timer);
      resolve(why);
    };
    socket.onopen = () => socket.send(SUBSCRIBE_MESSAGE);
    socket.onerror = () => done("error");
    socket.onclose = (event) => done(`closed ${event.code}`);
    socket.onmessage = (event) => {
      const msg = JSON.parse(String(event.data)) as { type: string; data?: { bench_sent_at?: number } };
      if (msg.type === "subscribed") done(null);
      const sentAt = msg.data?.bench_sent_at;
      if (msg.type === "market_health" && typeof sentAt === "number") onUpdate(sentAt);
    };
  });
}

async function openSockets(task: SocketsTask, stopped: Promise<void>): Promise<SocketsResult> {
  const result: SocketsResult = { opened: 0, failed: 0, failedBy: {}, received: 0, delays: [] };
  const sockets: WebSocket[] = [];
  let allIn: () => void = () => {};
  const everything = new Promise<void>((resolve) => (allIn = resolve));
  const onUpdate = (sentAt: number) => {
    result.delays.push(round2(wallMs() - sentAt));
    if (++result.received >= task.count * task.expect) allIn();
  };
  // In batches, so the server's accept queue never overflows and a refused connection is a finding, not noise.
  for (let i = 0; i < task.count; i += task.batch) {
    const batch = Array.from({ length: Math.min(task.batch, task.count - i) }, (_, j) =>
      connect(task.urls[(i + j) % task.urls.length], onUpdate, sockets),
    );
    for (const why of await Promise.all(batch)) {
      if (why === null) result.opened++;
      else {
        result.failed++;
        result.failedBy[why] = (result.failedBy[why] ?? 0) + 1;
      }
    }
  }
  await emit({ event: "ready" });
  await Promise.race([everything, stopped, Bun.sleep(task.seconds * 1000)]);
  for (const socket of sockets) socket.close(1000);
  return result;
}

async function startAnalyses(task: StartTask): Promise<StartResult> {
  const result: StartResult = { started: 0, errors: 0, errorSamples: [] };
  await Promise.all(
    task.tokens.map(async (token, i) => {
      try {
        const res = await fetch(`${task.baseUrl}/api/analysis/start`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ symbol: ANALYSIS_SYMBOLS[i % ANALYSIS_SYMBOLS.length] }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
        });
        const body = await res.text();
        if (res.ok) result.started++;
        else countError(result, `start ${res.status} ${body.slice(0, 120)}`);
      } catch (err) {
        countError(result, `start ${(err as Error).name}`);
      }
    }),
  );
  return result;
}

/** Resolves once the line is written: the result line can be large, and exiting before it drains would cut it. */
async function emit(line: Record<string, unknown>) {
  await Bun.write(Bun.stdout, `${JSON.stringify(line)}\n`);
}

/** The task (first line of stdin) and a promise that settles when stdin ends. */
async function readTask(): Promise<{ task: Task; stopped: Promise<void> }> {
  const reader = Bun.stdin.stream().getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const stopped = (async () => {
    while (!(await reader.read()).done) {}
  })();
  return { task: JSON.parse(text.split("\n")[0]) as Task, stopped };
}

if (import.meta.main) {
  const { task, stopped } = await readTask();
  const run = {
    closed: () => closedLoop(task as ClosedTask, stopped),
    open: () => openLoop(task as OpenTask),
    sockets: () => openSockets(task as SocketsTask, stopped),
    start: () => startAnalyses(task as StartTask),
  }[task.kind];
  await emit({ event: "result", ...(await run()) });
  process.exit(0);
}
