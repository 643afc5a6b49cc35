// Small statistics helpers for the local benchmarks.
import { readFileSync } from "node:fs";

export type Report = { name: string; lines: string[]; ok: boolean };

export function percentiles(values: number[]) {
  const v = [...values].sort((a, b) => a - b);
  const at = (q: number) => (v.length ? v[Math.min(v.length - 1, Math.floor(q * v.length))] : NaN);
  return { n: v.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: v.length ? v[v.length - 1] : NaN };
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
