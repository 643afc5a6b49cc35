// Accessibility of the public and signed-in pages with axe-core (WCAG 2.1 A/AA rules), in the real browser.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";
import { marketNow, registerUser, signIn, withSql } from "./helpers";

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

for (const path of ["/", "/about", "/how-it-works", "/pricing", "/contact", "/login", "/register", "/forgot-password", "/privacy", "/nope"]) {
  test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
  });
}

test("signed-in pages have no WCAG A/AA violations", async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await registerUser(request, { tag: "a11y" });
  await signIn(page, user);
  for (const [path, ready] of [
    ["/dashboard", "Welcome back"],
    ["/start-trading", "AI Trading Analysis"],
    ["/profile", "Profile Settings"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
  }
});

test('"Why this setup" in the drawer and the Day Signal card has no WCAG A/AA violations', async ({ page, request }) => {
  const user = await registerUser(request, { tag: "a11y" });
  // Issued now on the market clock: today's Day Signals.
  const now = await marketNow(request);
  await withSql(async (sql) => {
    await seedSignal(user.id, "SOLUSDT", "NO_TRADE", 0.001, { sql, context: { ...SAMPLE_CONTEXT, expected_r: -0.12 }, marketTimeMs: now });
    await seedSignal(user.id, "ETHUSDT", "SHORT", 0, {
      sql,
      marketTimeMs: now,
      context: { ...SAMPLE_CONTEXT, side: "SHORT", venue: "perp", venue_label: "Binance USDT-M perpetual" },
    });
  });
  await signIn(page, user);
  await page.goto("/start-trading");
  await expect(page.getByTestId("why-this-setup")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await violations(page)).toEqual([]);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "View ETHUSDT" }).first().click();
  await expect(page.getByRole("dialog").getByTestId("why-this-setup")).toBeVisible();
  await page.waitForTimeout(400);
  expect(await violations(page)).toEqual([]);
});

test("the results tables and Start Trading's pair chart have no WCAG A/AA violations", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "a11y" });
  await withSql(async (sql) => {
    const { signalId } = await seedSignal(user.id, "BTCUSDT", "LONG", 1, { sql, marketTimeMs: Date.parse("2024-02-13T06:00:00Z") });
    await sql`update signals set outcome = 'TP_HIT', r_multiple = 1.958, is_active = false, outcome_at = now(),
              outcome_market_ms = market_time_ms + 7 * 3600000 where id = ${signalId}`;
    await seedSignal(user.id, "BTCUSDT", "SHORT", 0.5, { sql, marketTimeMs: Date.parse("2024-02-14T06:00:00Z") });
  });
  await signIn(page, user);
  await page.goto("/results");
  await expect(page.getByTestId("month-total")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await violations(page)).toEqual([]);
  await page.goto("/start-trading");
  await page.getByRole("combobox", { name: "Trading pair" }).fill("BTCUSDT");
  await page.getByRole("combobox", { name: "Trading pair" }).press("Escape");
  await expect(page.getByTestId("pair-chart").getByRole("listitem")).toHaveCount(2);
  await page.waitForLoadState("networkidle");
  expect(await violations(page)).toEqual([]);
});
