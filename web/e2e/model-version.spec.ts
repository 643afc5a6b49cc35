// The signal drawer names the model version that decided the signal ("Model <version>", from the signal's
// model_version), and says nothing for a signal stored before versions were recorded.
import { expect, test } from "@playwright/test";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";
import { registerUser, signIn, withSql } from "./helpers";

test("the drawer shows 'Model <version>' for a versioned signal and no model line for an older one", async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await registerUser(request, { tag: "mver", firstName: "Grace" });
  await withSql(async (sql) => {
    const context = { ...SAMPLE_CONTEXT, model: { ...SAMPLE_CONTEXT.model, version: "2024-08-31.r3" } };
    await seedSignal(user.id, "BTCUSDT", "LONG", 0.1, { sql, context });
    await seedSignal(user.id, "ETHUSDT", "SHORT", 0.2, { sql, context: null });
  });
  await signIn(page, user);
  await page.goto("/dashboard");
  const rows = page.getByTestId("signal-row");
  await expect(rows).toHaveCount(2, { timeout: 30_000 });

  await rows.filter({ hasText: "BTCUSDT" }).getByRole("button", { name: "View BTCUSDT" }).click();
  await expect(page.getByRole("dialog").getByTestId("model-version")).toHaveText("Model 2024-08-31.r3");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await rows.filter({ hasText: "ETHUSDT" }).getByRole("button", { name: "View ETHUSDT" }).click();
  await expect(page.getByRole("dialog")).toContainText("ETHUSDT");
  await expect(page.getByRole("dialog").getByTestId("model-version")).toHaveCount(0);
});
