// `bun run lint`: Biome's lint rules and formatting, then the import boundaries of .dependency-cruiser.cjs and, on
// the graph without tests, those of .dependency-cruiser-runtime.cjs, then json-at-the-edge (scripts/lint-json-edge.ts).
import { join } from "node:path";
import { ROOT } from "./app-process";

const SOURCES = ["core", "server", "engine", "web/src", "scripts", "load-tests", "test"];

type Check = { name: string; cmd: string[] };
export type CheckResult = { name: string; ok: boolean; output: string };

/** dependency-cruiser under Bun (it refuses this machine's Node 20), with the repo's config and tsconfig from any folder. */
const depcruise = (config: string, sources: string[]) => [
  ...["bunx", "--bun", "depcruise", "--config", join(ROOT, config), "--ts-config", join(ROOT, "tsconfig.json")],
  ...sources,
];

/** The import boundaries over `sources` (folders of the cwd): every rule on the whole graph, then the runtime-only rules. */
export const boundaryChecks = (sources: string[]): Check[] => [
  { name: "boundaries", cmd: depcruise(".dependency-cruiser.cjs", sources) },
  { name: "runtime boundaries", cmd: depcruise(".dependency-cruiser-runtime.cjs", sources) },
];

/** The web reads unknown JSON only in its decoders (run on web/src of the cwd). */
export const jsonEdgeCheck: Check = { name: "json at the edge", cmd: ["bun", join(ROOT, "scripts/lint-json-edge.ts")] };

const CHECKS: Check[] = [{ name: "biome", cmd: ["bunx", "biome", "check", "--error-on-warnings", "."] }, ...boundaryChecks(SOURCES), jsonEdgeCheck];

/** Runs the checks in `cwd`; `capture` keeps their output (for tests) instead of passing it through. */
export async function runChecks(checks: Check[], cwd: string, capture = false): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    const io = capture ? "pipe" : "inherit";
    const proc = Bun.spawn(check.cmd, { cwd, stdout: io, stderr: io });
    // Both streams at once: a full stderr pipe must not stall the process while stdout is read.
    const streams = capture ? [proc.stdout, proc.stderr].map((s) => new Response(s as ReadableStream).text()) : [];
    const output = (await Promise.all(streams)).join("");
    results.push({ name: check.name, ok: (await proc.exited) === 0, output });
  }
  return results;
}

export const lintChecks = () => runChecks(CHECKS, ROOT);

if (import.meta.main) {
  const results = await lintChecks();
  for (const r of results) console.log(`lint: ${r.name} ${r.ok ? "clean" : "FAILED"}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
