// Small statistics helpers for the local benchmarks.
import { readdirSync, readFileSync } from "node:fs";
import type { HttpResult } from "./client-worker";

/** A scenario's outcome: `json` is its one line under --json, `lines` the readable form. */
export type Report = { name: string; json: Record<string, unknown>; lines: string[]; ok: boolean };

export function percentiles(values: number[]) {
  const v = [...values].sort((a, b) => a - b);
  const at = (q: number) => (v.length ? v[Math.min(v.length - 1, Math.floor(q * v.length))] : NaN);
  return { n: v.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: v.length ? v[v.length - 1] : NaN };
}

/** `x` to `digits` decimals; NaN (no samples) becomes null, which JSON can carry. */
export const round = (x: number, digits = 2) => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : null);

/** The client workers' results as one: counts added, latencies pooled per target. */
export function merge(results: HttpResult[]): HttpResult & {
  all: number[];
  first: number[];
  polled: number[];
  lastFirstMs: number;
  skipped: number;
  errorKinds: Record<string, number>;
  cpuUs: number;
  connections: number;
} {
  const latencies: Record<string, number[]> = {};
  for (const r of results) for (const [name, values] of Object.entries(r.latencies)) latencies[name] = (latencies[name] ?? []).concat(values);
  return {
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    errorSamples: results.flatMap((r) => r.errorSamples),
    latencies,
    seconds: Math.max(0, ...results.map((r) => r.seconds)),
    all: Object.values(latencies).flat(),
    first: results.flatMap((r) => r.first ?? []),
    polled: results.flatMap((r) => r.polled ?? []),
    lastFirstMs: Math.max(0, ...results.map((r) => r.lastFirstMs ?? 0)),
    skipped: results.reduce((sum, r) => sum + (r.skipped ?? 0), 0),
    cpuUs: results.reduce((sum, r) => sum + (r.cpuUs ?? 0), 0),
    connections: results.reduce((sum, r) => sum + (r.connections ?? 0), 0),
    errorKinds: sumCounts(results.map((r) => r.errorKinds ?? {})),
  };
}

/** Counts by kind from several workers, added up kind by kind. */
export function sumCounts(parts: Record<string, number>[]): Record<string, number> {
  const all: Record<string, number> = {};
  for (const part of parts) for (const [kind, n] of Object.entries(part)) all[kind] = (all[kind] ?? 0) + n;
  return all;
}

/** Resident memory of a process in KiB (Linux /proc). */
export function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * A process's open descriptors and its limit on them (Linux /proc). A server past its limit cannot accept: the
 * connection waits in the listen queue until the client gives up, which reads as a socket that never connected.
 */
export function descriptors(pid: number): { open: number; limit: number } {
  try {
    const limit = Number(readFileSync(`/proc/${pid}/limits`, "utf8").match(/Max open files\s+(\d+)/)?.[1] ?? NaN);
    return { open: readdirSync(`/proc/${pid}/fd`).length, limit };
  } catch {
    return { open: NaN, limit: NaN };
  }
}

/** CPU time a process has used so far, in ms, split into user and kernel (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number): { user: number; system: number } {
  try {
    // Fields after the command name (which is in parentheses and may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: 0, system: 0 };
  }
}
