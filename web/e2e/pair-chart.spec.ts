// Start Trading's pair chart (issue 24 #13): the chosen pair's last 7 days of 1h candles from GET /api/market/candles,
// its latest price, and the trader's own signals on that pair marked and listed; screenshots at 1440 and 390 px.
import { expect, type Page, test } from "@playwright/test";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { marketNow, registerUser, signIn, withSql } from "./helpers";

const SCREENS = "test-results/screens";

/** Errors the page reports from its first byte (the chart must run under the app's CSP). */
function watchErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on("pageerror", (e) => seen.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico")) seen.push(`console: ${m.text()}`);
  });
  return seen;
}

test("the chosen pair's 7-day chart with its price and the trader's signals on it, at 1440 and 390 px", async ({ page, request }) => {
  const errors = watchErrors(page);
  const user = await registerUser(request, { tag: "pair-chart" });
  // The e2e replay starts at 2024-02-15 00:00 UTC market time: two BTC signals in the week before it, one older, one on ETH.
  await withSql(async (sql) => {
    // Still open whenever the engine's outcome tracker (every 60 s) runs mid-test: the default levels (stop 95, target
    // 110) sit far below BTC's price, so a sweep would mark the target hit; these levels and this expiry are never reached.
    const levels = { takeProfit: 10_000_000, stopLoss: 1, expiryHours: 720 };
    // The same for the shorts: a target at 1 and a stop far above any price (the default 105 stop sits below ETH's price).
    const shortLevels = { takeProfit: 1, stopLoss: 10_000_000, expiryHours: 720 };
    await seedSignal(user.id, "BTCUSDT", "LONG", 0.2, { sql, marketTimeMs: Date.parse("2024-02-12T06:00:00Z"), levels });
    await seedSignal(user.id, "BTCUSDT", "NO_TRADE", 0.1, { sql, marketTimeMs: Date.parse("2024-02-14T10:00:00Z") });
    await seedSignal(user.id, "BTCUSDT", "SHORT", 0.3, { sql, marketTimeMs: Date.parse("2024-01-20T10:00:00Z"), levels: shortLevels });
    await seedSignal(user.id, "ETHUSDT", "SHORT", 0.3, { sql, marketTimeMs: Date.parse("2024-02-13T10:00:00Z"), levels: shortLevels });
  });
  await signIn(page, user);
  await page.goto("/start-trading");
  await expect(page.getByTestId("pair-chart-hint")).toHaveText("Pick a pair to see its last 7 days before you spend a credit.");

  const candles = page.waitForResponse((r) => r.url().includes("/api/market/candles?symbol=BTCUSDT&interval=1h&limit=168"));
  const box = page.getByRole("combobox", { name: "Trading pair" });
  await box.fill("BTCUSDT");
  await box.press("Escape");
  const answer = await candles;
  expect(answer.status()).toBe(200);
  const { candles: bars } = (await answer.json()) as { candles: Array<{ t: number }> };
  // 7 days of hours, ending at the replay clock.
  expect(bars.length).toBe(168);
  expect(bars.at(-1)!.t - bars[0].t).toBe(167 * 3_600_000);

  const chart = page.getByTestId("pair-chart");
  await expect(chart.getByRole("heading", { name: /^BTCUSDT/ })).toBeVisible();
  await expect(chart.getByTestId("chart-canvas").locator("canvas").first()).toBeVisible();
  await expect(chart.getByTestId("pair-chart-price")).toHaveText(/^[\d,]+\.\d{2}$/);
  await expect(chart.getByTestId("pair-chart-as-of")).toHaveText(/^(Live price|Last 1h close) · 2024-02-1\d \d\d:\d\d UTC market time \(replay\)$/);
  const listed = chart.getByRole("list", { name: "Your signals on this chart" }).getByRole("listitem");
  await expect(listed).toHaveText(["LONG · 2024-02-12 06:00 UTC · Open", "NO TRADE · 2024-02-14 10:00 UTC"]);
  await page.screenshot({ path: `${SCREENS}/pair-chart-1440.png` });
  await chart.screenshot({ path: `${SCREENS}/pair-chart-panel-1440.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await chart.scrollIntoViewIfNeeded();
  expect((await chart.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/pair-chart-390.png` });
  await chart.screenshot({ path: `${SCREENS}/pair-chart-panel-390.png` });

  // Another pair: its own chart, and none of the BTC signals.
  await box.fill("ETHUSDT");
  await box.press("Escape");
  await expect(chart.getByRole("heading", { name: /^ETHUSDT/ })).toBeVisible();
  await expect(chart.getByRole("list", { name: "Your signals on this chart" }).getByRole("listitem")).toHaveText([
    "SHORT · 2024-02-13 10:00 UTC · Open",
  ]);
  expect(errors).toEqual([]);
});

test("a signal issued since the last hourly close is on the pair chart at once, on the forming candle", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "pair-chart" });
  // Issued now on the market clock: after the newest closed hour, before the next close.
  const now = await marketNow(request);
  const levels = { takeProfit: 10_000_000, stopLoss: 1, expiryHours: 720 };
  await withSql((sql) => seedSignal(user.id, "SOLUSDT", "LONG", 0, { sql, marketTimeMs: now, levels }));
  await signIn(page, user);
  await page.goto("/start-trading");
  const candles = page.waitForResponse((r) => r.url().includes("/api/market/candles?symbol=SOLUSDT&interval=1h&limit=168"));
  const box = page.getByRole("combobox", { name: "Trading pair" });
  await box.fill("SOLUSDT");
  await box.press("Escape");
  const answer = (await (await candles).json()) as { candles: Array<{ t: number }>; forming: { t: number } | null };
  const H = 3_600_000;
  expect(answer.candles.at(-1)!.t + H).toBeLessThanOrEqual(now);
  expect(answer.forming?.t).toBe(Math.floor(now / H) * H);
  const chart = page.getByTestId("pair-chart");
  const at = new Date(now).toISOString().replace("T", " ").slice(0, 16);
  await expect(chart.getByRole("list", { name: "Your signals on this chart" }).getByRole("listitem")).toHaveText([`LONG · ${at} UTC · Open`]);
});
