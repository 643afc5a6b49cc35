// About in a real browser: the model serving at the replay's clock, its age in market days and its forward record,
// against the app's own GET /api/public/model (a version is registered first unless the engine seeded fold models).
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { recordSignalOutcome } from "@core/alerts";
import { insertVersion } from "@core/model-versions";
import { paramsHash } from "../../engine/src/analysis/model/version";
import { seedSignal, type SeedContext } from "../../server/src/modules/signals/testing";
import { normalizeModel } from "../src/features/marketing/api/model";
import { forwardText, modelAgeText } from "../src/features/marketing/model/model-text";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";
import { registerUser, withSql } from "./helpers";

const DAY = 86_400_000;
const PARAMS_FILE = new URL("../../engine/src/analysis/model/params.json", import.meta.url);

/** The champion at the replay's clock: the engine's seeded fold if there is one, else one registered here with the
 * committed params (so analyses running beside this test decide exactly as before; the run's database is dropped after). */
async function servingVersion(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const res = await request.get("/api/public/model");
  if (res.status() === 200) return ((await res.json()) as { version: string }).version;
  expect(res.status()).toBe(404);
  expect(((await res.json()) as { code: string }).code).toBe("model_version_not_found");
  const start = Date.parse(process.env.REPLAY_START ?? "");
  if (Number.isNaN(start)) throw new Error("REPLAY_START is not set: run browser tests with `bun run test --e2e`");
  const params = JSON.parse(readFileSync(PARAMS_FILE, "utf8")) as { family: string; geometry: { k: number; m: number; hours: number } };
  const hash = paramsHash(params);
  const version = `e2e-${hash.slice(0, 8)}`;
  await withSql((sql) =>
    insertVersion(
      sql,
      {
        version,
        trained_through: new Date(start - 10 * DAY).toISOString(),
        trained_at: new Date(start - 9 * DAY).toISOString(),
        family: params.family,
        geometry: params.geometry,
        horizon_hours: params.geometry.hours,
        inner: { rate: 0.1, meanR: 0.1, lower: 0.02, evaluations: 1000 },
        oof: null,
        params_hash: hash,
        params,
        source: "walk-forward",
      },
      "champion",
      { promotedAt: start - 9 * DAY },
    ),
  );
  return version;
}

test("About shows the serving model's version, its age in market days and its forward record since it went live", async ({ page, request }) => {
  const version = await servingVersion(request);
  const user = await registerUser(request, { tag: "model" });
  // A LONG naming the version, closed at +1.25R (issued past the replay's clock, so the engine's tracker leaves it be).
  const context: SeedContext = { ...SAMPLE_CONTEXT, model: { ...SAMPLE_CONTEXT.model, version } };
  await withSql(async (sql) => {
    const { signalId } = await seedSignal(user.id, "BTCUSDT", "LONG", 0.01, { sql, context, marketTimeMs: Date.parse("2024-06-01T00:00:00Z") });
    expect(
      await recordSignalOutcome(sql, signalId, { outcome: "TP_HIT", closedAtMarketMs: Date.parse("2024-06-01T05:00:00Z"), rMultiple: 1.25 }),
    ).toBe(true);
  });

  const api = await request.get("/api/public/model");
  expect(api.status()).toBe(200);
  const model = normalizeModel(await api.json())!;
  expect(model.version).toBe(version);
  expect(model.forward.signals).toBeGreaterThanOrEqual(1);
  expect(model.forward.closed).toBeGreaterThanOrEqual(1);
  expect(model.forward.expectancyR).not.toBeNull();

  // Analyses of the tests running beside this one may add signals under the same version: the page and a fresh read agree.
  const card = page.getByTestId("model-record");
  await expect(async () => {
    await page.goto("/about");
    await expect(card.getByRole("heading", { name: "The model serving now" })).toBeVisible();
    await expect(card.getByTestId("model-version")).toHaveText(version);
    const shown = { age: await card.getByTestId("model-age").textContent(), forward: await card.getByTestId("model-forward").textContent() };
    const now = normalizeModel(await (await request.get("/api/public/model")).json())!;
    expect(shown).toEqual({ age: modelAgeText(now), forward: forwardText(now) });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByTestId("model-age")).toContainText(`${Math.floor(model.ageDays)} days old in market time`);
  await expect(card.getByTestId("model-age")).toContainText(`It stops issuing signals at ${model.maxAgeDays} days.`);
});
