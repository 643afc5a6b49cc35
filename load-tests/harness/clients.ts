// Runs benchmark clients as separate processes (client-worker.ts), so the load they make never shares a process or
// an event loop with the server it measures; each is bounded in time and killed when it overstays.
import { join } from "node:path";
import type { Task } from "./client-worker";

const WORKER = join(import.meta.dir, "client-worker.ts");

export type Clients<R> = {
  /** Settles when every worker has reported ready (socket tasks; the others never do). */
  ready: Promise<void>;
  /** Asks every worker to finish now (closes their stdin). */
  stop: () => void;
  /** Each worker's result, in task order; rejects if one fails or overstays `timeoutMs`. */
  results: Promise<R[]>;
  /** The worker processes (for their CPU time). */
  pids: number[];
};

/** `items` in `parts` slices of near-equal size (none empty unless there are fewer items than parts). */
export function split<T>(items: T[], parts: number): T[][] {
  const n = Math.max(1, Math.min(parts, items.length));
  return Array.from({ length: n }, (_, i) => items.slice(Math.floor((i * items.length) / n), Math.floor(((i + 1) * items.length) / n)));
}

/** `total` split into `parts` integers that add up to it. */
export const shares = (total: number, parts: number) =>
  split(
    Array.from({ length: total }, () => 1),
    parts,
  ).map((s) => s.length);

/**
 * Requests (so connections) one worker's fetch keeps open at once; beyond it Bun's fetch queues them. An open loop must
 * not be capped by its client, so this is far above what it needs; the cold start bounds its connections itself
 * (the task's `connections`, an undici Pool: see client-worker.ts).
 */
const FETCH_CONNECTIONS = 8192;

export function spawnClients<R>(tasks: Task[], timeoutMs: number): Clients<R> {
  const procs = tasks.map(() =>
    Bun.spawn(["bun", WORKER], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "inherit",
      // Bun's fetch queues beyond 256 concurrent requests per process unless told otherwise.
      env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: String(FETCH_CONNECTIONS) },
    }),
  );
  const readies: Promise<void>[] = [];
  const results = procs.map((proc, i) => {
    proc.stdin.write(`${JSON.stringify(tasks[i])}\n`);
    proc.stdin.flush();
    let ready: () => void = () => {};
    readies.push(new Promise((resolve) => (ready = resolve)));
    return collect<R>(proc, ready);
  });
  const timer = setTimeout(() => {
    for (const proc of procs) if (proc.exitCode === null) proc.kill("SIGKILL");
  }, timeoutMs);
  return {
    ready: Promise.all(readies).then(() => {}),
    stop: () => {
      for (const proc of procs) proc.stdin.end();
    },
    results: Promise.all(results).finally(() => clearTimeout(timer)),
    pids: procs.map((p) => p.pid),
  };
}

/** Reads a worker's JSON lines: calls `ready` on {"event":"ready"}, resolves with the {"event":"result"} line. */
async function collect<R>(proc: Bun.Subprocess<"pipe", "pipe", "inherit">, ready: () => void): Promise<R> {
  const decoder = new TextDecoder();
  let buffered = "";
  let result: R | undefined;
  for await (const chunk of proc.stdout) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as { event: string } & R;
      buffered = buffered.slice(newline + 1);
      if (line.event === "ready") ready();
      if (line.event === "result") result = line;
      newline = buffered.indexOf("\n");
    }
  }
  const code = await proc.exited;
  // A worker that never reports ready must not leave the caller waiting for it.
  ready();
  if (result === undefined) throw new Error(`client worker exited with code ${code} before its result`);
  return result;
}

/** Runs the tasks to completion (no ready/stop phase). */
export const runClients = <R>(tasks: Task[], timeoutMs: number) => spawnClients<R>(tasks, timeoutMs).results;
