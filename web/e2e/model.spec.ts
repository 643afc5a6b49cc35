// About in a real browser: the model serving at the replay's clock, its age in market days and its forward record,
// against the app's own GET /api/public/model.
import { expect, test } from "@playwright/test";
import { recordSignalOutcome } from "@core/alerts/alerts";
import { seedSignal, type SeedContext } from "../../server/src/modules/signals/testing";
import { normalizeModel } from "../src/features/track-record/api/model";
import { forwardText, modelAgeText } from "../src/features/track-record/model/model-text";
import { formatCount } from "../src/lib/format";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";
import { registerUser, withSql } from "./helpers";

test("About shows the serving model's version, its age in market days and its forward record since it went live", async ({ page, request }) => {
  // The engine seeds the registry from the shipped fold models at start: one serves at every replay clock since 2020-07.
  const first = await request.get("/api/public/model");
  expect(first.status()).toBe(200);
  const { version } = (await first.json()) as { version: string };
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
  await expect(card.getByTestId("model-age")).toContainText(`${formatCount(Math.floor(model.ageDays))} days old in market time`);
  await expect(card.getByTestId("model-age")).toContainText(new RegExp(`${formatCount(model.maxAgeDays)}(-day limit| days)`));
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `test-results/screens/about-model-${width}.png` });
  }
});
