// The refit's own process (`bun engine/src/learning/refit-child.ts <clock ms> <out file>`): fits off the engine's event loop.
import { setPriority } from "node:os";
import { createSql } from "@core/infra/db";
import { champions, versionParams } from "@core/model/versions";
import { type ModelVersion, modelVersionMetaSchema, parseModelParams } from "../analysis/model/version";
import { refitVersion } from "../research/refit";
import { REPLAY_DATA_DIR } from "@core/market/market-replay";
import { recordedPerps } from "../market/providers/funding";
import { loadStoredCandles } from "./candle-store";
import { REFIT_PRESETS } from "./refit-presets";

/** The registry's champions trained by `clock`, as ModelVersions (what a refit may build on). */
async function previousVersions(sql: ReturnType<typeof createSql>, clock: number): Promise<ModelVersion[]> {
  const out: ModelVersion[] = [];
  for (const v of await champions(sql)) {
    if (v.trained_at > clock) continue;
    const meta = modelVersionMetaSchema.parse({
      ...v,
      trained_through: new Date(v.trained_through).toISOString(),
      trained_at: new Date(v.trained_at).toISOString(),
    });
    // A version whose params this code no longer reads (an older params format) is no base to build on: left out.
    try {
      out.push({ ...meta, params: parseModelParams(await versionParams(sql, v.version)) });
    } catch {}
  }
  return out;
}

async function main() {
  const [clockArg, out] = process.argv.slice(2);
  const clock = Number(clockArg);
  if (!Number.isFinite(clock) || !out) throw new Error("usage: refit-child.ts <clock ms> <out file>");
  const options = REFIT_PRESETS[process.env.REFIT_PRESET ?? "full"];
  if (!options) throw new Error(`unknown REFIT_PRESET ${process.env.REFIT_PRESET}`);
  // Below the engine and server in the scheduler: the refit may take minutes of CPU on a machine they share.
  try {
    setPriority(10);
  } catch {}
  const sql = createSql(process.env.DATABASE_URL ?? "", { max: 2 });
  try {
    const data = await loadStoredCandles(sql, clock, recordedPerps(REPLAY_DATA_DIR));
    const previous = await previousVersions(sql, clock);
    const log = (m: string) => process.stderr.write(`${m}\n`);
    log(`refit at ${new Date(clock).toISOString()}: ${data.length} pairs, ${data.reduce((s, d) => s + d.h1.length, 0)} candles`);
    const version = refitVersion(data, clock, previous, { ...options, log });
    await Bun.write(out, JSON.stringify(version));
  } finally {
    await sql.end({ timeout: 2 });
  }
}

await main();
