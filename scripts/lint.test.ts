// Each import rule of issue 32 (and json-at-the-edge) fails `bun run lint`'s boundary checks on a fixture graph that breaks it, and passes
// the same graph turned one way (so the rule is not simply failing everything).
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { boundaryChecks, jsonEdgeCheck, runChecks } from "./lint";

const FIXTURES = join(import.meta.dir, "lint-fixtures");

/** The boundary checks over a fixture folder laid out like the repo: which failed, and everything they printed. */
async function lintFixture(name: string, sources: string[]) {
  const results = await runChecks(boundaryChecks(sources), join(FIXTURES, name), true);
  return { failed: results.filter((r) => !r.ok).map((r) => r.name), output: results.map((r) => r.output).join("\n") };
}

describe("lint fails on a fixture that breaks each rule", () => {
  test("server-modules-import-one-way: alerts → telegram → alerts fails, though no file imports itself back", async () => {
    const broken = await lintFixture("server-module-cycle", ["server"]);
    expect(broken.failed).toEqual(["runtime boundaries"]);
    expect(broken.output).toContain("error server-modules-import-one-way: server/src/modules/alerts");
    // The plain file-level rule does not see it: this rule is what catches it.
    expect(broken.output).not.toContain("no-circular");
    expect(await lintFixture("server-modules-one-way", ["server"])).toEqual({ failed: [], output: expect.any(String) });
  }, 60_000);

  test("web-entities-import-one-way: user → analysis while analysis → user fails; analysis → user alone passes", async () => {
    const broken = await lintFixture("entity-cycle", ["web/src"]);
    expect(broken.failed).toEqual(["boundaries"]);
    expect(broken.output).toContain(
      "error web-entities-import-one-way: web/src/entities/user/hooks/pushes.ts → web/src/entities/analysis/api/keys.ts",
    );
    expect(await lintFixture("entities-one-way", ["web/src"])).toEqual({ failed: [], output: expect.any(String) });
  }, 60_000);

  test("engine-runtime-never-imports-research: the live scorer importing research/ fails; research importing the runtime passes", async () => {
    const broken = await lintFixture("engine-imports-research", ["engine"]);
    expect(broken.failed).toEqual(["runtime boundaries"]);
    expect(broken.output).toContain("error engine-runtime-never-imports-research: engine/src/analysis/model/live.ts");
    expect(await lintFixture("engine-one-way", ["engine"])).toEqual({ failed: [], output: expect.any(String) });
  }, 60_000);

  test("json-at-the-edge: a fetcher calling .json() and JSON.parse and importing lib/decode fails; the same in a decoder passes", async () => {
    const broken = await runChecks([jsonEdgeCheck], join(FIXTURES, "json-outside-decoders"), true);
    expect(broken.map((r) => r.ok)).toEqual([false]);
    const out = broken[0].output;
    expect(out).toContain("error json-at-the-edge: web/src/features/prices/api/prices.ts:2 imports lib/decode");
    expect(out).toContain("error json-at-the-edge: web/src/features/prices/api/prices.ts:5 calls .json()");
    expect(out).toContain("error json-at-the-edge: web/src/features/prices/api/prices.ts:6 calls JSON.parse");
    const kept = await runChecks([jsonEdgeCheck], join(FIXTURES, "json-in-decoders"), true);
    expect(kept.map((r) => r.ok)).toEqual([true]);
  });
});
