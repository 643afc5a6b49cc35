// `bun run lint`: Biome's lint rules and formatting, then the import boundaries of .dependency-cruiser.cjs.
import { ROOT } from "./app-process";

const SOURCES = ["core", "server", "engine", "web/src", "scripts", "load-tests", "test"];

/** Each check's command; dependency-cruiser runs under Bun (it refuses this machine's Node 20). */
const CHECKS = [
  { name: "biome", cmd: ["bunx", "biome", "check", "--error-on-warnings", "."] },
  { name: "boundaries", cmd: ["bunx", "--bun", "depcruise", "--config", ".dependency-cruiser.cjs", ...SOURCES] },
];

export async function lintChecks(): Promise<{ name: string; ok: boolean }[]> {
  const results: { name: string; ok: boolean }[] = [];
  for (const check of CHECKS) {
    const proc = Bun.spawn(check.cmd, { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
    results.push({ name: check.name, ok: (await proc.exited) === 0 });
  }
  return results;
}

if (import.meta.main) {
  const results = await lintChecks();
  for (const r of results) console.log(`lint: ${r.name} ${r.ok ? "clean" : "FAILED"}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
