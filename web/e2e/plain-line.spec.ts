// The plain first line of a result (issue 24 #15) in the dashboard drawer and on Day Signal, above the detailed
// reasoning, from the stored signal's own numbers; NO_TRADE's own sentence; screenshots at 1440 and 390 px.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";
import { marketNow, registerUser, signIn, withSql } from "./helpers";

const SCREENS = "test-results/screens";
const LONG_LINE = "LONG BTC: 2R target, 38% chance to hit it first, +0.04R expected after costs";
const NO_TRADE_LINE = "NO TRADE ETH: best side SHORT, −0.05R expected after costs, under the +0.02R bar; credit returned";

/** The line sits above everything else in its box, the reasoning included. */
async function expectAbove(line: Locator, below: Locator) {
  const a = await line.boundingBox();
  const b = await below.boundingBox();
  expect(a && b && a.y + a.height <= b.y).toBe(true);
}

async function seedTwo(userId: number, now: number) {
  await withSql(async (sql) => {
    // Issued now on the market clock: today's Day Signals; levels the tracker never reaches while the test runs, about
    // BTC's replayed price (51,800 at 2024-02-15) and 2R apart, so the card's figures agree with each other.
    const levels = { entry: 52_000, takeProfit: 104_000, stopLoss: 26_000, expiryHours: 720 };
    const ctx = { ...SAMPLE_CONTEXT, side: "SHORT" as const, expected_r: -0.0512 };
    await seedSignal(userId, "ETHUSDT", "NO_TRADE", 40 / 86_400, { sql, context: ctx, marketTimeMs: now });
    // Its expiry as the engine states it: the market time plus the expiry (the sample's own date read "205d left").
    const expires_at = new Date(now + levels.expiryHours * 3_600_000).toISOString();
    await seedSignal(userId, "BTCUSDT", "LONG", 30 / 86_400, { sql, context: { ...SAMPLE_CONTEXT, expires_at }, marketTimeMs: now, levels });
  });
}

/** Opens the drawer and waits until it has slid fully in (flush with the right edge), so a picture shows it whole. */
async function openDrawer(page: Page, symbol: string) {
  await page.getByRole("button", { name: `View ${symbol}` }).click();
  const drawer = page.getByRole("dialog");
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box ? Math.round(box.x + box.width) : null;
    })
    .toBe(width);
  await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(Math.max(0, width - 448));
  return drawer;
}

test("the plain first line in the drawer and on Day Signal, above the reasoning, at 1440 and 390 px", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "plain-line" });
  await seedTwo(user.id, await marketNow(request));
  await signIn(page, user);
  await page.goto("/dashboard");

  let drawer = await openDrawer(page, "BTCUSDT");
  await expect(drawer.getByTestId("plain-line")).toHaveText(LONG_LINE);
  await expectAbove(drawer.getByTestId("plain-line"), drawer.getByTestId("drawer-reasoning"));
  await expectAbove(drawer.getByTestId("plain-line"), drawer.getByText("Entry", { exact: true }).first());
  await page.screenshot({ path: `${SCREENS}/plain-line-drawer-1440.png` });
  await page.keyboard.press("Escape");
  drawer = await openDrawer(page, "ETHUSDT");
  await expect(drawer.getByTestId("plain-line")).toHaveText(NO_TRADE_LINE);
  await expectAbove(drawer.getByTestId("plain-line"), drawer.getByTestId("no-trade-notice"));
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  drawer = await openDrawer(page, "BTCUSDT");
  await expect(drawer.getByTestId("plain-line")).toHaveText(LONG_LINE);
  expect((await drawer.getByTestId("plain-line").boundingBox())?.width ?? 999).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/plain-line-drawer-390.png` });
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/start-trading");
  const items = page.getByTestId("day-signal");
  await expect(items).toHaveCount(2);
  await expect(items.getByTestId("plain-line")).toHaveText([LONG_LINE, NO_TRADE_LINE]);
  await expectAbove(items.first().getByTestId("plain-line"), items.first().getByText("seeded"));
  await page.getByTestId("day-signal-card").screenshot({ path: `${SCREENS}/plain-line-day-signal-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("day-signal-card").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId("day-signal-card").screenshot({ path: `${SCREENS}/plain-line-day-signal-390.png` });
});
