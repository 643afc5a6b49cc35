// The registry on the run's Postgres: seeding fold files (idempotent, checked), the version at a clock, and expiry.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createLogger } from "@core/infra/log";
import { getVersion, versionAt } from "@core/model/versions";
import { closeTestDeps, testDeps } from "../../../test/helpers";
import type { ModelVersion } from "../analysis/model/version";
import { createModelChooser, expiryReason } from "./chooser";
import { versionWith } from "./fixtures";
import { seedVersions } from "./seed";

const deps = testDeps();
const log = createLogger("test", "silent");
const DAY = 86_400_000;
// Two folds: A serves from 2024-03-01, B from 2024-05-01 (each trained through the day before it serves).
const A = versionWith({ trainedThrough: "2024-02-29T00:00:00.000Z", trainedAt: "2024-03-01T00:00:00.000Z" });
const B = versionWith({ trainedThrough: "2024-04-30T00:00:00.000Z", trainedAt: "2024-05-01T00:00:00.000Z" });
const dir = mkdtempSync(join(tmpdir(), "tw-versions-"));
const write = (name: string, v: unknown) => writeFileSync(join(dir, name), gzipSync(JSON.stringify(v)));

async function clearRegistry() {
  await deps.sql`delete from model_versions`;
}

beforeAll(async () => {
  await clearRegistry();
  write(`${A.version}.json.gz`, { ...A, oof: { signals: 12, expectancy_r: 0.05 } });
  write(`${B.version}.json.gz`, B);
});

afterAll(async () => {
  await clearRegistry();
  rmSync(dir, { recursive: true, force: true });
  await closeTestDeps();
});

describe("seeding from the walk-forward's fold files", () => {
  test("each fold becomes a champion from its trained_at, with its oof figures; a second start adds nothing", async () => {
    expect(await seedVersions(deps.sql, log, dir)).toEqual({ added: 2, present: 0, bad: 0 });
    expect(await seedVersions(deps.sql, log, dir)).toEqual({ added: 0, present: 2, bad: 0 });
    const a = (await getVersion(deps.sql, A.version))!;
    expect(a).toMatchObject({ status: "champion", source: "walk-forward", family: A.family, horizon_hours: A.horizon_hours });
    expect(a.promoted_at).toBe(Date.parse(A.trained_at));
    expect(a.oof).toEqual({ signals: 12, expectancy_r: 0.05 });
    expect(a.inner).toEqual(A.inner);
    expect((await getVersion(deps.sql, B.version))!.oof).toBeNull();
  });

  test("a file whose params do not hash to its params_hash is refused and registers nothing", async () => {
    const forged: ModelVersion = { ...B, version: "v4-20240601-forged00", params: { ...B.params, base_tp: { long: 0.5, short: 0.5 } } };
    write("forged.json.gz", forged);
    try {
      expect(await seedVersions(deps.sql, log, dir)).toEqual({ added: 0, present: 2, bad: 1 });
      expect(await getVersion(deps.sql, forged.version)).toBeNull();
    } finally {
      rmSync(join(dir, "forged.json.gz"));
    }
  });
});

describe("the version at a clock", () => {
  const clocks = {
    before: Date.parse("2024-02-20T00:00:00Z"),
    atA: Date.parse(A.trained_at),
    between: Date.parse("2024-04-15T00:00:00Z"),
    justBeforeB: Date.parse(B.trained_at) - 1,
    after: Date.parse("2024-06-10T00:00:00Z"),
  };

  test("versionAt: the champion with the latest trained_at at or before the clock", async () => {
    expect(await versionAt(deps.sql, clocks.before)).toBeNull();
    expect((await versionAt(deps.sql, clocks.atA))?.version).toBe(A.version);
    expect((await versionAt(deps.sql, clocks.between))?.version).toBe(A.version);
    expect((await versionAt(deps.sql, clocks.justBeforeB))?.version).toBe(A.version);
    expect((await versionAt(deps.sql, clocks.after))?.version).toBe(B.version);
  });

  test("the replay's chooser uses the version a live engine had then, named, and none trained on later data", async () => {
    const choose = createModelChooser({ sql: deps.sql, maxAgeDays: 120 });
    const before = await choose(clocks.before);
    expect(before.ok).toBe(false);
    if (!before.ok) expect(before.reason).toContain("no model version was trained before 2024-02-20");
    for (const [clock, want] of [
      [clocks.between, A],
      [clocks.after, B],
    ] as const) {
      const chosen = await choose(clock);
      if (!chosen.ok) throw new Error(chosen.reason);
      expect(chosen.version).toBe(want.version);
      expect(chosen.model.name()).toBe(want.version);
      // Trained only on data before the clock it serves.
      expect(Date.parse(want.trained_through)).toBeLessThan(clock);
    }
    // One SignalModel per version, built once.
    const again = await choose(clocks.after);
    const first = await choose(clocks.after + 1);
    expect(again.ok && first.ok && again.model === first.model).toBe(true);
  });

  test("a promotion written after the list was read is seen once the chooser refreshes", async () => {
    const choose = createModelChooser({ sql: deps.sql, maxAgeDays: 120, listTtlMs: 60_000 });
    const C = versionWith({ trainedThrough: "2024-06-01T00:00:00.000Z" });
    const at = Date.parse("2024-06-05T00:00:00Z");
    expect((await choose(at)).version).toBe(B.version);
    const { insertVersion } = await import("@core/model/versions");
    await insertVersion(deps.sql, C, "champion", { promotedAt: Date.parse(C.trained_at) });
    expect((await choose(at)).version).toBe(B.version);
    choose.refresh();
    expect((await choose(at)).version).toBe(C.version);
    await deps.sql`delete from model_versions where version = ${C.version}`;
  });
});

describe("a champion this engine cannot read", () => {
  test("decides nothing and says so, rather than failing the analysis", async () => {
    const bad = versionWith({ trainedThrough: "2024-07-01T00:00:00.000Z" });
    const { insertVersion } = await import("@core/model/versions");
    await insertVersion(deps.sql, { ...bad, params: { version: 99 } as unknown as ModelVersion["params"] }, "champion", {
      promotedAt: Date.parse(bad.trained_at),
    });
    try {
      const chosen = await createModelChooser({ sql: deps.sql, maxAgeDays: 120 })(Date.parse("2024-07-02T00:00:00Z"));
      expect(chosen.ok).toBe(false);
      if (!chosen.ok) expect(chosen.reason).toStartWith(`model version ${bad.version} cannot be read by this engine`);
    } finally {
      await deps.sql`delete from model_versions where version = ${bad.version}`;
    }
  });
});

describe("expiry", () => {
  test("past MODEL_MAX_AGE_DAYS the chooser refuses, naming the version, its age and the limit", async () => {
    const choose = createModelChooser({ sql: deps.sql, maxAgeDays: 120 });
    const through = Date.parse(B.trained_through);
    const fresh = await choose(through + 120 * DAY);
    expect(fresh.ok).toBe(true);
    const old = await choose(through + 121 * DAY + 3_600_000);
    expect(old.ok).toBe(false);
    expect(old.version).toBe(B.version);
    if (!old.ok) {
      expect(old.reason).toContain(B.version);
      expect(old.reason).toContain("121 days old");
      expect(old.reason).toContain("120-day limit (MODEL_MAX_AGE_DAYS)");
    }
  });

  test("the age counts from trained_through on the market clock", () => {
    const v = { version: "v", trained_through: Date.parse("2024-01-01T00:00:00Z") };
    expect(expiryReason(v, Date.parse("2024-01-31T00:00:00Z"), 30)).toBeNull();
    expect(expiryReason(v, Date.parse("2024-01-31T00:00:01Z"), 30)).toContain("30 days old");
  });
});
