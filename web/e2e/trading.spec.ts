// Start Trading in a real browser: keyboard pick + start + live list + completion into the Day Signal card with the
// credit kept consistent, Buy Credits at 0, favorites (star, Favorites Only, quick chip), validation toasts, "Why this setup".
import { expect, test, type Page } from "@playwright/test";
import { bookAnalysis, seedSignal, type SeedContext } from "../../server/src/modules/signals/testing";
import { formatUtcMinute } from "../src/lib/format";
import { SAMPLE_ALTERNATIVES, SAMPLE_CONTEXT, SAMPLE_HISTORY } from "../src/lib/test-signal-context";
import { adjustCredits, marketNow, registerUser, signIn, withSql } from "./helpers";

/** Levels no replayed price reaches, so the engine's outcome tracker leaves a seeded signal open. */
const LONG_FAR = { takeProfit: 10_000_000, stopLoss: 1, expiryHours: 720 };
const SHORT_FAR = { takeProfit: 1, stopLoss: 10_000_000, expiryHours: 720 };

const SHOTS = "test-results/screenshots";

async function openTrading(page: Page, path = "/start-trading") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "AI Trading Analysis" })).toBeVisible();
}

const combobox = (page: Page) => page.getByRole("combobox", { name: "Trading pair" });
const creditsBadge = (page: Page) => page.getByTestId("credits-badge");
// The nav renders a counter for each layout; only one is visible at a time.
const navCredits = (page: Page) => page.getByTestId("credits-counter").filter({ visible: true });

test("one credit: pick BTCUSDT by keyboard, start, watch it run, see it complete into Day Signal", async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await registerUser(request, { tag: "trade" });
  await signIn(page, user);
  await openTrading(page);
  await expect(creditsBadge(page)).toContainText("1");
  await expect(navCredits(page)).toContainText("1");
  await expect(page.getByText("No active analyses running.")).toBeVisible();
  await expect(page.getByText("No signals yet today. They will appear here once completed.")).toBeVisible();

  const box = combobox(page);
  await box.click();
  await box.pressSequentially("btc");
  const list = page.getByRole("listbox", { name: "Matching pairs" });
  await expect(list).toBeVisible();
  const first = list.getByRole("option").first();
  await expect(first).toHaveText(/BTCUSDT/);
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(first.locator("mark")).toHaveText("BTC");
  await page.screenshot({ path: `${SHOTS}/trading-combobox-1440.png` });
  await box.press("ArrowDown");
  await box.press("ArrowUp");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await box.press("Escape");
  await expect(list).toBeHidden();
  await box.press("ArrowDown");
  await expect(list).toBeVisible();
  await box.press("Enter");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("BTCUSDT");

  const startRequest = page.waitForRequest((r) => r.url().endsWith("/api/analysis/start") && r.method() === "POST");
  await page.getByRole("button", { name: "Start Analysis (BTCUSDT)" }).click();
  expect((await startRequest).headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText("Analysis started", { exact: true })).toBeVisible();
  await expect(page.getByText(/^BTCUSDT · Request #\d+$/)).toBeVisible();
  await expect(creditsBadge(page)).toContainText("0");

  const item = page.getByTestId("live-analysis");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("BTCUSDT");
  await expect(item).toContainText("Hold credit: 1");
  await expect(item.getByLabel("Countdown")).toHaveText(/^Next: \d\d:\d\d$/);
  await expect(item.getByTestId("phase-message")).not.toBeEmpty();
  await page.screenshot({ path: `${SHOTS}/trading-running-1440.png`, fullPage: true });

  // ANALYSIS_PHASE_SECONDS=2 in the harness: three phases settle well within 30 s.
  const signal = page.getByTestId("day-signal");
  await expect(signal).toHaveCount(1, { timeout: 30_000 });
  await expect(signal).toContainText("BTCUSDT");
  await expect(page.getByText("No active analyses running.")).toBeVisible({ timeout: 15_000 });

  const [row] = await withSql(
    (sql) => sql<{ type: string; credits_status: string; credits: number }[]>`
      select s.type, r.credits_status, u.credits from signals s
      join analysis_requests r on r.id = s.request_id join users u on u.id = s.user_id
      where s.user_id = ${user.id}`,
  );
  const refunded = row.credits_status === "RELEASED";
  expect(row.credits).toBe(refunded ? 1 : 0);
  await expect(signal).toContainText(refunded ? "Refunded 1 credit" : "Used 1 credit");
  await expect(signal).toContainText(row.type === "NO_TRADE" ? "NO TRADE" : row.type);
  if (row.type !== "NO_TRADE") {
    for (const label of ["Entry", "TP", "SL", "RR", "TF", "Entry now"]) await expect(signal.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(creditsBadge(page)).toContainText(String(row.credits));
  await expect(navCredits(page)).toContainText(String(row.credits));
  // The badge counts signals: a No Trade is listed but is none (the model in force may issue no setups at all).
  await expect(page.getByTestId("day-signal-card").getByLabel(row.type === "NO_TRADE" ? "0 signals today" : "1 signal today")).toBeVisible();

  const toggle = signal.getByRole("button", { name: "View Full Reasoning" });
  await toggle.click();
  await expect(signal.getByRole("button", { name: "Hide Full Reasoning" })).toHaveAttribute("aria-expanded", "true");
  await page.screenshot({ path: `${SHOTS}/trading-completed-1440.png`, fullPage: true });

  if (row.credits === 0) {
    await expect(page.getByRole("link", { name: "Buy Credits" })).toBeVisible();
  }
});

test("zero credits: the main button is Buy Credits to /pricing", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "broke" });
  await adjustCredits(user.id, -1);
  await signIn(page, user);
  await openTrading(page, "/trading");
  await expect(creditsBadge(page)).toContainText("0");
  const buy = page.getByRole("link", { name: "Buy Credits" });
  await expect(buy).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("button", { name: /Start Analysis/ })).toHaveCount(0);
  await buy.click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("favorites: star from the dropdown, counter, Favorites Only, quick chip auto-starts", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "fav" });
  await signIn(page, user);
  await openTrading(page);
  await expect(page.getByText("Add favorites using star icon →")).toBeVisible();
  await expect(page.getByLabel("Favorites count")).toHaveText("0 / 100");

  const box = combobox(page);
  await box.click();
  await box.fill("eth");
  await page.getByRole("button", { name: "Add ETHUSDT to favorites" }).click();
  await expect(page.getByLabel("Favorites count")).toHaveText("1 / 100");
  await box.fill("sol");
  await page.getByRole("button", { name: "Add SOLUSDT to favorites" }).click();
  await expect(page.getByLabel("Favorites count")).toHaveText("2 / 100");
  await expect(page.getByRole("button", { name: "Remove SOLUSDT from favorites" }).first()).toHaveAttribute("aria-pressed", "true");
  await box.press("Escape");

  await expect(page.getByText("Add favorites using star icon →")).toBeHidden();
  await expect(page.getByText("Quick start · Tap to auto-start")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Quick start / })).toHaveText(["ETHUSDT", "SOLUSDT"]);

  // Favorites are the server's: they survive a reload.
  await page.reload();
  await expect(page.getByLabel("Favorites count")).toHaveText("2 / 100");

  await page.getByText("Favorites Only").click();
  await box.click();
  await box.fill("");
  await expect(page.getByRole("listbox", { name: "Matching pairs" }).getByRole("option")).toHaveText([/ETHUSDT/, /SOLUSDT/]);
  await box.fill("btc");
  await expect(page.getByRole("listbox", { name: "Matching pairs" })).toContainText("No matches");
  await box.press("Escape");
  await page.getByText("Favorites Only").click();

  // A chip asks before it spends: Cancel holds nothing, the dialog's Start Analysis starts.
  await page.getByRole("button", { name: "Quick start ETHUSDT" }).click();
  const confirm = page.getByRole("dialog", { name: "Start ETHUSDT?" });
  await expect(confirm).toContainText("1 credit is held now.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await withSql(async (sql) => (await sql`select count(*)::int as n from analysis_requests where user_id = ${user.id}`)[0].n)).toBe(0);
  await page.getByRole("button", { name: "Quick start ETHUSDT" }).click();
  await confirm.getByRole("button", { name: "Start Analysis" }).click();
  await expect(page.getByText(/^ETHUSDT · Request #\d+$/)).toBeVisible();
  await expect(page.getByTestId("live-analysis").first()).toContainText("ETHUSDT");

  await box.fill("sol");
  await page.getByRole("button", { name: "Remove SOLUSDT from favorites" }).first().click();
  await expect(page.getByLabel("Favorites count")).toHaveText("1 / 100");
  await expect
    .poll(() => withSql(async (sql) => (await sql`select symbol from favorites where user_id = ${user.id}`).map((r) => r.symbol)))
    .toEqual(["ETHUSDT"]);
});

test("validation: unknown symbol, empty input, and Enter on an unknown pair", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "val" });
  await signIn(page, user);
  await openTrading(page);
  await page.getByRole("button", { name: "Start Analysis", exact: true }).click();
  await expect(page.getByText("Cannot start", { exact: true })).toBeVisible();
  await expect(page.getByText("Enter a symbol", { exact: true })).toBeVisible();

  const box = combobox(page);
  await box.fill("  foobarusdt ");
  await expect(page.getByRole("listbox", { name: "Matching pairs" })).toContainText("No matches");
  await box.press("Enter");
  await expect(page.getByText("Invalid symbol", { exact: true })).toBeVisible();
  await expect(page.getByText("FOOBARUSDT is not available.", { exact: true })).toBeVisible();
  await box.press("Escape");
  await page.getByRole("button", { name: "Start Analysis (FOOBARUSDT)" }).click();
  await expect(page.getByText("Symbol not in list", { exact: true })).toBeVisible();
  // Nothing was held.
  await expect(creditsBadge(page)).toContainText("1");
  expect(await withSql(async (sql) => (await sql`select count(*)::int as n from analysis_requests where user_id = ${user.id}`)[0].n)).toBe(0);
});

test("signed out: toast and redirect to /login", async ({ page }) => {
  await page.goto("/trading");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Authentication Required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please sign in to access trading features.", { exact: true })).toBeVisible();
});

test("mobile layout screenshot", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "mob" });
  await signIn(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await openTrading(page);
  await combobox(page).fill("sol");
  await page.getByRole("button", { name: "Add SOLUSDT to favorites" }).click();
  await combobox(page).press("Escape");
  await page.getByRole("button", { name: "Quick start SOLUSDT" }).click();
  await page.getByRole("dialog", { name: "Start SOLUSDT?" }).getByRole("button", { name: "Start Analysis" }).click();
  const item = page.getByTestId("live-analysis");
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: "View Reasoning" }).click();
  await expect(item.getByRole("button", { name: "Hide Reasoning" })).toBeVisible();
  // Phase 1's reasoning is written when phase 2 begins; the open panel shows it without a reload.
  await expect(item).toContainText(/Phase 1, scanning/i, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/trading-running-390.png`, fullPage: true });
  await expect(page.getByTestId("day-signal")).toHaveCount(1, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/trading-completed-390.png`, fullPage: true });
});

test("Day Signal: today's signals only, at most 5, with exact tiles and credit badges", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "day" });
  // Seven settled analyses as the engine writes them: six issued today on the market clock (bought in the last hour,
  // newest last), one a day earlier.
  const now = await marketNow(request);
  await withSql(async (sql) => {
    const rows: Array<[string, string, number, number, number, number, string]> = [
      ["SOLUSDT", "SHORT", 142.5, 137.1, 145.2, 2, "now() - interval '50 minutes'"],
      ["XRPUSDT", "NO_TRADE", 0, 0, 0, 0, "now() - interval '40 minutes'"],
      ["DOGEUSDT", "LONG", 0.12345, 0.13, 0.12, 1.31, "now() - interval '30 minutes'"],
      ["ETHUSDT", "SHORT", 2450.5, 2380, 2490, 1.7625, "now() - interval '20 minutes'"],
      ["BNBUSDT", "LONG", 590.25, 610, 580, 1.927, "now() - interval '10 minutes'"],
      ["BTCUSDT", "LONG", 64250, 66180, 63290, 2.0104, "now() - interval '1 minute'"],
      ["LINKUSDT", "LONG", 14.2, 15, 13.8, 2, "now() - interval '1 day' - interval '2 hours'"],
    ];
    for (const [symbol, type, entry, tp, sl, rr, at] of rows) {
      const noTrade = type === "NO_TRADE";
      const [req] = await sql<{ id: number }[]>`
        insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, completed_at, created_at)
        values (${user.id}, ${symbol}, 'COMPLETED', 3, 100, ${noTrade ? "RELEASED" : "USED"}, ${sql.unsafe(at)}, ${sql.unsafe(at)})
        returning id`;
      await sql.begin((tx) => bookAnalysis(tx, user.id, Number(req.id), noTrade));
      await sql`
        insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe,
                             entry_timing, reasoning, no_trade, is_active, market_time_ms, outcome, created_at)
        values (${user.id}, ${req.id}, ${symbol}, ${type}, 0.7, ${noTrade ? null : entry}, ${noTrade ? null : tp}, ${noTrade ? null : sl},
                ${noTrade ? null : rr}, '4h', 'Now', ${`${type} setup on ${symbol}. ` + "Trend, momentum and structure agree. ".repeat(10)},
                ${noTrade}, ${!noTrade}, ${symbol === "LINKUSDT" ? now - 26 * 3_600_000 : now}, ${noTrade ? null : "OPEN"}, ${sql.unsafe(at)})`;
    }
    // The ETH short has since reached its target, as the outcome tracker records it.
    await sql`update signals set outcome = 'TP_HIT', r_multiple = 1.69, is_active = false, outcome_at = now() where user_id = ${user.id} and symbol = 'ETHUSDT'`;
  });
  await signIn(page, user);
  await openTrading(page);
  const card = page.getByTestId("day-signal-card");
  const items = card.getByTestId("day-signal");
  // Six results today, one a No Trade: the badge counts the five signals.
  await expect(card.getByLabel("5 signals today")).toBeVisible();
  await expect(card.getByTestId("day-signal-count")).toHaveText("5");
  await expect(items).toHaveCount(5);
  await expect(items.locator("span.font-mono")).toHaveText(["BTCUSDT", "BNBUSDT", "ETHUSDT", "DOGEUSDT", "XRPUSDT"]);
  await expect(card).not.toContainText("LINKUSDT");
  await expect(card).not.toContainText("SOLUSDT");

  const btc = items.first();
  await expect(btc).toContainText("Used 1 credit");
  await expect(btc).toContainText("LONG");
  const tile = (label: string) => btc.getByText(label, { exact: true }).locator("xpath=following-sibling::p");
  await expect(tile("Entry")).toHaveText("64,250.00");
  await expect(tile("TP")).toHaveText("66,180.00");
  await expect(tile("SL")).toHaveText("63,290.00");
  await expect(tile("RR")).toHaveText("2.01");
  await expect(tile("TF")).toHaveText("4h");
  await expect(tile("Entry now")).toHaveText("Now");
  // Two words on screen, not the one word "ENTRYNOW" the capitals made of it.
  await expect(btc.getByText("Entry now", { exact: true })).toHaveCSS("text-transform", "uppercase");
  await expect(items.nth(3).getByText("Entry", { exact: true }).locator("xpath=following-sibling::p")).toHaveText("0.12345");
  await expect(items.nth(4)).toContainText("Refunded 1 credit");
  await expect(items.nth(4)).toContainText("NO TRADE");
  await expect(items.nth(4).getByText("Entry", { exact: true })).toHaveCount(0);
  await expect(items.nth(3)).toContainText("DOGEUSDT");
  await expect(btc.getByTestId("day-signal-outcome")).toHaveText("Open");
  await expect(items.nth(2).getByTestId("day-signal-outcome")).toHaveText("TP hit · +1.69R");
  await expect(items.nth(4).getByTestId("day-signal-outcome")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/trading-day-signals-1440.png`, fullPage: true });
});

test("Day Signal explains a v2 setup and a No Trade's best side and alternatives; screenshots at 1440 and 390 px", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "day" });
  // Issued now on the market clock (today's Day Signal), with levels the tracker never reaches while the test runs.
  const now = await marketNow(request);
  const expires = new Date(now + 47 * 3600_000).toISOString();
  const long: SeedContext = {
    ...SAMPLE_CONTEXT,
    invalidation_level: 96.42,
    expires_at: expires,
    history: SAMPLE_HISTORY,
    same_direction_last_hour: 2,
  };
  const short: SeedContext = {
    ...long,
    side: "SHORT",
    venue: "perp",
    venue_label: "Binance USDT-M perpetual",
    invalidation_level: 104.8,
    expected_r: 0.0312,
  };
  await withSql(async (sql) => {
    await seedSignal(user.id, "SOLUSDT", "NO_TRADE", 0.002, {
      sql,
      marketTimeMs: now,
      context: {
        ...SAMPLE_CONTEXT,
        expected_r: -0.1201,
        alternatives: [SAMPLE_ALTERNATIVES[1], { symbol: "1000SATSUSDT", side: "LONG", expected_r: 0.1043, p_tp: 0.4517, venue: "spot" }],
      },
    });
    await seedSignal(user.id, "ETHUSDT", "SHORT", 0.001, { sql, context: short, marketTimeMs: now, levels: SHORT_FAR });
    await seedSignal(user.id, "BTCUSDT", "LONG", 0, { sql, context: long, marketTimeMs: now, levels: LONG_FAR });
  });
  await signIn(page, user);
  await openTrading(page);
  const card = page.getByTestId("day-signal-card");
  const items = card.getByTestId("day-signal");
  await expect(items).toHaveCount(3);

  const btc = items.filter({ hasText: "BTCUSDT" }).getByTestId("why-this-setup");
  await expect(btc.getByTestId("setup-venue")).toHaveText("Binance spot");
  await expect(btc.getByTestId("setup-probabilities")).toContainText("38.2%");
  await expect(btc.getByTestId("setup-probabilities")).toContainText("44.9%");
  await expect(btc.getByTestId("setup-probabilities")).toContainText("16.9%");
  await expect(btc.getByTestId("setup-no-skill")).toHaveText("vs 35.0% target first with no skill for the same stop and target");
  await expect(btc.getByTestId("setup-horizon")).toHaveText("Within 48 h");
  await expect(btc.getByTestId("setup-expected-r")).toHaveText("+0.04R");
  await expect(btc.getByTestId("setup-costs")).toHaveText("0.24% round trip = 0.07R");
  await expect(btc.getByTestId("setup-expires")).toHaveText(formatUtcMinute(expires));
  // One stop, one expected R: no invalidation level, and the history states no second mean R.
  await expect(btc.getByTestId("setup-invalidation")).toHaveCount(0);
  await expect(btc).not.toContainText("96.420");
  await expect(btc).not.toContainText("−0.05R");
  await expect(btc.getByTestId("setup-crowding")).toHaveText("2 other LONG signals in the prior hour");
  await expect(btc.getByTestId("setup-history-pooled")).toContainText("Tested out-of-fold on 4,210 similar LONG setups (Mar–Sep 2024)");
  await expect(btc.getByTestId("setup-history-pair")).toHaveText("BTCUSDT: 12 of them");
  const eth = items.filter({ hasText: "ETHUSDT" }).getByTestId("why-this-setup");
  await expect(eth).toContainText("perpetual futures; a spot account cannot short");
  const sol = items.filter({ hasText: "SOLUSDT" });
  await expect(sol.getByTestId("best-side")).toHaveText("Best side: LONG expected −0.12R after costs; bar +0.02R");
  await expect(sol.getByTestId("why-this-setup")).toHaveCount(0);
  await expect(sol.getByTestId("alternative")).toHaveCount(2);
  await expect(sol.getByTestId("alternative").nth(0)).toContainText("DOGEUSDT");
  await expect(sol.getByTestId("alternative").nth(1)).toContainText("1000SATSUSDT");
  await expect(sol.getByTestId("alternative").nth(1)).toContainText("+0.10R");
  // The longest pair name fits the narrow card without being cut.
  expect(await sol.getByText("1000SATSUSDT").evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await expect(sol.getByTestId("alternatives-note")).toHaveText("Starting one costs 1 credit.");

  await page.screenshot({ path: `${SHOTS}/day-signal-context-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  // Nothing pushes the narrow page sideways (a long pair name among the alternatives once did).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/day-signal-context-390.png`, fullPage: true });

  // On this same screen, picking an alternative fills the pair in (and starts nothing); the link works again after an edit.
  await combobox(page).fill("ETH");
  await sol.getByRole("link", { name: /^DOGEUSDT/ }).click();
  await expect(combobox(page)).toHaveValue("DOGEUSDT");
  await expect(page.getByRole("button", { name: "Start Analysis (DOGEUSDT)" })).toBeInViewport();
  await expect(page).toHaveURL(/\/trading$/);
  await combobox(page).fill("BTCUSDT");
  await combobox(page).press("Escape");
  await sol.getByRole("link", { name: /^DOGEUSDT/ }).click();
  await expect(combobox(page)).toHaveValue("DOGEUSDT");
});
