// Seeds the registry on engine start from the walk-forward's fold models (versions/*.json.gz), each champion from its trained_at.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import type { Sql } from "@core/infra/db";
import type { Logger } from "@core/infra/log";
import { insertVersion } from "@core/model/versions";
import { VERSIONS_DIR } from "../analysis/model/shipped";
import { type ModelVersion, modelVersionMetaSchema, paramsHash, parseModelParams } from "../analysis/model/version";

export { VERSIONS_DIR };

/** A fold file: the ModelVersion, and optionally the fold's out-of-fold figures under `oof`. */
const fileSchema = modelVersionMetaSchema.extend({ params: z.unknown(), oof: z.record(z.string(), z.unknown()).nullish() });

export type SeedFile = ModelVersion & { oof?: Record<string, unknown> | null };

/** Reads and checks one fold file: its meta parses, its params parse, and its params hash is the hash of its params. */
export function readVersionFile(path: string): SeedFile {
  const raw = fileSchema.parse(JSON.parse(gunzipSync(Bun.mmap(path)).toString("utf8")));
  const hash = paramsHash(raw.params);
  if (hash !== raw.params_hash) throw new Error(`params_hash ${raw.params_hash.slice(0, 12)}… is not the hash of its params (${hash.slice(0, 12)}…)`);
  return { ...raw, params: parseModelParams(raw.params), oof: raw.oof ?? null };
}

/**
 * Every fold file becomes a champion from its own trained_at (so a replay at any clock uses the fold a live engine had
 * then). Idempotent: a version already registered is left as it is. A bad file is logged and skipped, not fatal.
 */
export async function seedVersions(sql: Sql, log: Logger, dir = VERSIONS_DIR): Promise<{ added: number; present: number; bad: number }> {
  const out = { added: 0, present: 0, bad: 0 };
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json.gz"))
    .sort()) {
    let v: SeedFile;
    try {
      v = readVersionFile(join(dir, file));
    } catch (err) {
      out.bad++;
      log.error("model version file rejected", { file, error: String((err as Error).message ?? err).slice(0, 300) });
      continue;
    }
    const added = await insertVersion(sql, v, "champion", { promotedAt: Date.parse(v.trained_at), reason: `seeded from ${file}` });
    if (added) out.added++;
    else out.present++;
  }
  if (out.added || out.bad) log.info("model versions seeded", out);
  return out;
}
