// Position sizer and exports in a real browser: a seeded LONG with known levels and costs (entry 100, stop 95, target
// 110, 0.12 % per side on SOLUSDT's 0.001 lot) sizes to hand-computed figures, the account and risk come back after a
// reload (saved on the server) and in Day Signal, the copy buttons put the expected text on the clipboard, and the
// dashboard's Export CSV downloads the user's own rows; screenshots of the drawer at 1440 and 390 px.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";
import { marketNow, registerUser, signIn, withSql } from "./helpers";

const SHOTS = "test-results/screenshots";

// budget 10 000 × 1 % = 100; loss per unit 5 + 0.0012 × 195 = 5.234 → 19.105 SOL; loss 99.996, gain 19.105 × 9.748 = 186.24
const FIGURES = { quantity: "19.105 SOL", notional: "1,910.50 USDT", loss: "−100.00 USDT", gain: "+186.24 USDT" };

async function seedUser(request: Parameters<typeof registerUser>[0], withOther = false) {
  // The other account first: every device grant gives the browser a fresh trust value (the old one dies), so the
  // cookie kept for the trader must be the one from the last registration in this request context.
  const other = withOther ? await registerUser(request, { tag: "sizer-other" }) : null;
  const user = await registerUser(request, { tag: "sizer", firstName: "Ada" });
  // Issued now on the market clock, so the LONG is among today's Day Signals too.
  const now = await marketNow(request);
  const ids = await withSql(async (sql) => {
    const none = await seedSignal(user.id, "ETHUSDT", "NO_TRADE", 0.002, { sql, marketTimeMs: now });
    const long = await seedSignal(user.id, "SOLUSDT", "LONG", 0.001, { sql, context: { ...SAMPLE_CONTEXT }, marketTimeMs: now });
    return { none: none.signalId, long: long.signalId };
  });
  if (other) await withSql((sql) => seedSignal(other.id, "XRPUSDT", "SHORT", 0.01, { sql }));
  return { user, ids };
}

async function openDrawer(page: Page) {
  await page.goto("/dashboard");
  // The table below md, the card list at 390 px: whichever is shown.
  await page.getByRole("button", { name: "View SOLUSDT" }).filter({ visible: true }).click();
  const sizer = page.getByRole("dialog").getByTestId("position-sizer");
  await expect(sizer).toBeVisible();
  return sizer;
}

async function expectFigures(sizer: ReturnType<Page["getByTestId"]>) {
  await expect(sizer.getByTestId("sizer-quantity")).toHaveText(FIGURES.quantity);
  await expect(sizer.getByTestId("sizer-notional")).toHaveText(FIGURES.notional);
  await expect(sizer.getByTestId("sizer-loss")).toHaveText(FIGURES.loss);
  await expect(sizer.getByTestId("sizer-gain")).toHaveText(FIGURES.gain);
  await expect(sizer.getByTestId("sizer-loss-share")).toHaveText("1.00% of account");
}

async function typeInputs(page: Page, sizer: ReturnType<Page["getByTestId"]>, account: string, risk: string) {
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/user/preferences") && r.request().method() === "PUT");
  await sizer.getByLabel("Account size").fill(account);
  await sizer.getByLabel("Risk per trade").fill(risk);
  expect((await saved).status()).toBe(200);
  await expect(sizer.getByTestId("sizer-save-state")).toHaveText("Saved to your account");
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test("sizer figures, remembered inputs, copies and the CSV download", async ({ page, request, context }) => {
  // Three page loads, three copies and a download: more than the default 30 s when the machine is busy.
  test.setTimeout(90_000);
  const { user, ids } = await seedUser(request, true);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, user);
  let sizer = await openDrawer(page);
  await expect(sizer.getByTestId("sizer-empty")).toBeVisible();
  await typeInputs(page, sizer, "10000", "1");
  await expectFigures(sizer);
  await expect(sizer.getByTestId("sizer-costs")).toHaveText("Costs included: 0.120% per side (fee + slippage, Binance spot).");
  await expect(sizer.getByTestId("sizer-notes")).toContainText("Spot: the notional must not exceed the account size");
  await expect(sizer.getByTestId("sizer-notes")).toContainText("recorded Binance spot prices and volumes");

  // Remembered on the server: a reload (new page state) shows the same inputs and figures.
  await page.reload();
  sizer = await openDrawer(page);
  await expect(sizer.getByLabel("Account size")).toHaveValue("10000");
  await expect(sizer.getByLabel("Risk per trade")).toHaveValue("1");
  await expectFigures(sizer);

  await sizer.getByTestId("export-text").click();
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  expect(await clipboard(page)).toBe(
    "SOLUSDT LONG · Binance spot\nEntry: 100.00\nTake profit: 110.00\nStop loss: 95.00\nRisk/reward: 2.00\n" +
      `Timeframe: 1h · Confidence: 38%\nExpires: 2024-09-07 14:00 UTC\nTradewind signal #${ids.long}`,
  );
  await sizer.getByTestId("export-tradingview").click();
  await expect.poll(async () => JSON.parse(await clipboard(page)).action).toBe("buy");
  expect(JSON.parse(await clipboard(page))).toMatchObject({ ticker: "SOLUSDT", entry: 100, take_profit: 110, stop_loss: 95, quantity: 19.105 });
  await sizer.getByTestId("export-cornix").click();
  await expect
    .poll(() => clipboard(page))
    .toBe(
      "#SOL/USDT\nExchange: Binance\nSignal Type: Regular (Long)\n\nEntry Targets:\n1) 100.00\n\nTake-Profit Targets:\n1) 110.00\n\nStop Targets:\n1) 95.00",
    );

  await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^tradewind-signals-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), "utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toMatch(/^signal_id,analysis_id,issued_at_utc,symbol,type,venue,/);
  expect(lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual([ids.long, ids.none]);
  expect(lines[1]).toContain(",SOLUSDT,LONG,spot,38.2,100,110,95,2,1h,0.0412,0.24,OPEN,");
  expect(lines.join("\n")).not.toContain("XRPUSDT");

  // Day Signal's expanded view sizes with the same remembered inputs.
  await page.goto("/start-trading");
  const item = page.getByTestId("day-signal").filter({ hasText: "SOLUSDT" });
  await item.getByRole("button", { name: "View Full Reasoning" }).click();
  await expectFigures(item.getByTestId("position-sizer"));
  await item.screenshot({ path: `${SHOTS}/day-signal-sizer-1440.png` });
});

test("drawer with the sizer at 1440 and 390 px, and a perpetual SHORT's leverage", async ({ page, request }) => {
  const { user } = await seedUser(request);
  const perp = { ...SAMPLE_CONTEXT, side: "SHORT", venue: "perp", venue_label: "Binance USDT-M perpetual" } as const;
  await withSql(async (sql) => {
    await sql`update user_preferences set account_size = 2500, risk_percent = 0.5 where user_id = ${user.id}`;
    await seedSignal(user.id, "BTCUSDT", "SHORT", 0.0005, { sql, context: perp });
  });
  await signIn(page, user);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const sizer = await openDrawer(page);
    // 12.5 / 5.234 = 2.388
    await expect(sizer.getByTestId("sizer-quantity")).toHaveText("2.388 SOL");
    await sizer.getByTestId("export-cornix").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/drawer-sizer-${width}.png` });
    await page.keyboard.press("Escape");
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("button", { name: "View BTCUSDT" }).filter({ visible: true }).click();
  const short = page.getByRole("dialog").getByTestId("position-sizer");
  // Perpetual lot 0.001: 12.5 / (5 + 0.0012 × 205 = 5.246) = 2.3827 → 2.382 BTC, 238.20 USDT = 0.10× of 2500
  await expect(short.getByTestId("sizer-quantity")).toHaveText("2.382 BTC");
  await expect(short.getByTestId("sizer-notes")).toContainText("Implied leverage 0.10× (notional ÷ account) on the perpetual.");
  await expect(short.getByTestId("sizer-notes")).not.toContainText("Spot: the notional");
  await short.getByTestId("export-cornix").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/drawer-sizer-short-1440.png` });
});
