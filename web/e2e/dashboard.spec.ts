// Dashboard in a real browser: live market panel (a core_assets push changes the BTC price without a reload), seeded
// signals in the table, the credit cards' usage and ledger polls (and the ledger standing in for a failed usage call),
// filters, the drawer (with an engine v2 context: history, crowding, a No Trade's pairs clearing the bar leading to Start
// Trading), the sign-in redirect; screenshots at 1440 and 390 px.
import { expect, test, type Page } from "@playwright/test";
import Redis from "ioredis";
import { bookAnalysis, seedSignal as seedWithContext, type SeedContext } from "../../server/src/modules/signals/testing";
import { formatPrice, formatUtcMinute } from "../src/lib/format";
import { SAMPLE_ALTERNATIVES, SAMPLE_CONTEXT, SAMPLE_HISTORY } from "../src/lib/test-signal-context";
import { registerUser, signIn, withSql, type TestUser } from "./helpers";

const SHOTS = "test-results/screenshots";

type Seed = { symbol: string; type: "LONG" | "SHORT" | "NO_TRADE"; hoursAgo: number; confidence: number; reasoning: string };

/** A settled analysis with its signal (as the engine would leave it), written straight into the run's database. */
async function seedSignal(userId: number, s: Seed): Promise<{ requestId: number; signalId: number }> {
  return withSql((sql) =>
    sql.begin(async (tx) => {
      const at = new Date(Date.now() - s.hoursAgo * 3600_000);
      const noTrade = s.type === "NO_TRADE";
      const [r] = await tx<{ id: number }[]>`
        insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms, created_at, completed_at)
        values (${userId}, ${s.symbol}, 'COMPLETED', 3, 100, ${noTrade ? "RELEASED" : "USED"}, 1717200000000, ${at}, ${at}) returning id`;
      const long = s.type === "LONG";
      const [sig] = await tx<{ id: number }[]>`
        insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe,
                             entry_timing, reasoning, no_trade, is_active, market_time_ms, outcome, created_at)
        values (${userId}, ${r.id}, ${s.symbol}, ${s.type}, ${s.confidence}, ${noTrade ? null : 100}, ${noTrade ? null : long ? 110 : 90},
                ${noTrade ? null : long ? 95 : 105}, ${noTrade ? null : 2}, '4h', 'Now', ${s.reasoning}, ${noTrade}, ${!noTrade},
                1717200000000, ${noTrade ? null : "OPEN"}, ${at}) returning id`;
      await tx`update analysis_requests set final_signal_id = ${sig.id} where id = ${r.id}`;
      // The credit moves as the engine would have moved it, so the books still balance (reconcile runs after the suite).
      await bookAnalysis(tx, userId, Number(r.id), noTrade);
      return { requestId: Number(r.id), signalId: Number(sig.id) };
    }),
  );
}

async function openDashboard(page: Page, user: TestUser) {
  await signIn(page, user);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Grace");
}

const rows = (page: Page) => page.getByTestId("signal-row");

test("market panel shows BTC and ETH and follows a core_assets push without a reload", async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  // The engine publishes its first snapshots shortly after start.
  let snapshot: Record<string, Record<string, unknown>> = {};
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/market/core-assets?symbols=BTCUSDT,ETHUSDT");
        if (res.status() !== 200) return 0;
        snapshot = ((await res.json()) as { data: typeof snapshot }).data;
        return Object.keys(snapshot).length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);

  await openDashboard(page, user);
  const btc = page.getByTestId("price-BTCUSDT");
  const eth = page.getByTestId("price-ETHUSDT");
  await expect(btc).toHaveText(formatPrice(snapshot.BTCUSDT.price as number));
  await expect(eth).toHaveText(formatPrice(snapshot.ETHUSDT.price as number));
  await expect(page.getByTestId("socket-status")).toHaveText("Live");
  // The e2e app replays recorded candles: the panel says so, with the recorded time the market is at.
  await expect(page.getByTestId("replay-badge")).toHaveText(/^Replay · market time 20\d\d-\d\d-\d\d \d\d:\d\d UTC$/);
  await expect(page.getByTestId("market-health")).toBeVisible();
  await expect(page.getByTestId("market-movers")).toContainText("DOGE");

  // Same shape as the REST data, with a BTC price no replayed candle will have.
  const pushedPrice = 12345.67;
  const pushed = { ...snapshot, BTCUSDT: { ...snapshot.BTCUSDT, price: pushedPrice } };
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  try {
    const navigations: string[] = [];
    page.on("framenavigated", (f) => navigations.push(f.url()));
    await redis.publish(`${process.env.E2E_REDIS_PREFIX ?? ""}market.core_assets`, JSON.stringify({ type: "core_assets", data: pushed }));
    await expect(btc).toHaveText("12,345.67");
    expect(navigations).toEqual([]);
    await expect(eth).toHaveText(formatPrice(snapshot.ETHUSDT.price as number));
  } finally {
    redis.disconnect();
  }
});

test("table shows seeded signals newest first; filters narrow it; the drawer opens and closes", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  await seedSignal(user.id, {
    symbol: "BTCUSDT",
    type: "LONG",
    hoursAgo: 2,
    confidence: 0.72,
    reasoning: "Trend up on 4h; stop under the swing low.",
  });
  const eth = await seedSignal(user.id, { symbol: "ETHUSDT", type: "SHORT", hoursAgo: 24 * 3, confidence: 0.61, reasoning: "Lower highs on 4h." });
  // As the outcome tracker leaves a short that was stopped out: the loss in R after fees.
  await withSql(
    (sql) => sql`update signals set outcome = 'SL_HIT', r_multiple = -1.1, is_active = false, outcome_at = now() where id = ${eth.signalId}`,
  );
  await seedSignal(user.id, { symbol: "SOLUSDT", type: "NO_TRADE", hoursAgo: 24 * 12, confidence: 0.4, reasoning: "Range bound, no edge." });
  await openDashboard(page, user);

  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).nth(0)).toContainText("BTCUSDT");
  await expect(rows(page).nth(0)).toContainText("LONG");
  await expect(rows(page).nth(0)).toContainText("72%");
  await expect(rows(page).nth(0)).toContainText("Completed");
  await expect(rows(page).nth(1)).toContainText("ETHUSDT");
  await expect(rows(page).nth(2)).toContainText("NO TRADE");
  // A NO_TRADE issued no trade to be confident in: no confidence figure on its row.
  await expect(rows(page).nth(2)).not.toContainText("40%");
  await expect(rows(page).nth(2)).toContainText("—");
  // Total Signals counts the two issued signals, not the refunded NO_TRADE.
  await expect(page.getByTestId("stat-total").locator("p").first()).toHaveText("2");
  // The filter names it as the badges do.
  await page.locator("#filter-type").click();
  await expect(page.getByRole("option", { name: "NO TRADE", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  // At 390 px a badge stays one line: NO TRADE on its card, the replay badge above the market panel.
  await page.setViewportSize({ width: 390, height: 844 });
  const oneLine = async (locator: import("@playwright/test").Locator) => expect((await locator.boundingBox())!.height).toBeLessThan(24);
  await oneLine(page.getByTestId("signal-card").filter({ hasText: "SOLUSDT" }).getByText("NO TRADE", { exact: true }));
  // On a phone the market panel is folded below the trader's signals: open it to see its replay badge.
  await page
    .getByTestId("market-panel-collapsible")
    .getByRole("button", { name: /Market/ })
    .click();
  await oneLine(page.getByTestId("replay-badge"));
  await page.setViewportSize({ width: 1440, height: 900 });

  // Symbol search.
  const search = page.getByPlaceholder("Search symbol e.g. BTC");
  await search.fill("eth");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("ETHUSDT");
  await search.fill("DOGE");
  await expect(page.getByText("No signals match the current filters.")).toBeVisible();
  await search.fill("");
  await expect(rows(page)).toHaveCount(3);

  // Signal type.
  await page.locator("#filter-type").click();
  await page.getByRole("option", { name: "SHORT", exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("ETHUSDT");
  await page.locator("#filter-type").click();
  await page.getByRole("option", { name: "All", exact: true }).click();

  // Time range.
  await page.locator("#filter-range").click();
  await page.getByRole("option", { name: "Last 7D" }).click();
  await expect(rows(page)).toHaveCount(2);
  await page.locator("#filter-range").click();
  await page.getByRole("option", { name: "Last 24H" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("BTCUSDT");

  // Drawer: tiles and reasoning, closed by Close and by Escape.
  await rows(page).first().getByRole("button", { name: "View BTCUSDT" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText("BTCUSDT");
  await expect(drawer).toContainText(/ID #\d+/);
  // The detail tiles come first; the chart's legend names Entry, TP and SL again below them.
  for (const label of ["Signal", "Confidence", "Entry", "TP", "SL", "RR", "Timeframe", "Status"])
    await expect(drawer.getByText(label, { exact: true }).first()).toBeVisible();
  // Price rule: 2 decimals at 100 or above, 3 below.
  await expect(drawer).toContainText("TP110.00");
  await expect(drawer).toContainText("SL95.000");
  await expect(drawer).toContainText("RR2.00");
  await expect(drawer.getByTestId("drawer-reasoning")).toHaveText("Trend up on 4h; stop under the swing low.");
  await expect(drawer.getByTestId("signal-outcome")).toHaveText("Open");
  await drawer.getByRole("button", { name: "Close", exact: true }).click();
  await expect(drawer).toBeHidden();

  await page.locator("#filter-range").click();
  await page.getByRole("option", { name: "All Time" }).click();
  await rows(page).nth(1).getByRole("button", { name: "View ETHUSDT" }).click();
  await expect(page.getByRole("dialog").getByTestId("signal-outcome")).toHaveText("SL hit · −1.10R");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await rows(page).nth(2).getByRole("button", { name: "View SOLUSDT" }).click();
  await expect(page.getByTestId("no-trade-notice")).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Entry", { exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the heading counts LONG/SHORT signals apart from the table's rows (a failed analysis is no signal)", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  await seedSignal(user.id, { symbol: "BTCUSDT", type: "LONG", hoursAgo: 1, confidence: 0.7, reasoning: "Trend up." });
  // An analysis that failed (its credit returned) is a row without a signal.
  await withSql((sql) =>
    sql.begin(async (tx) => {
      const [r] = await tx<{ id: number }[]>`
        insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, created_at, completed_at)
        values (${user.id}, 'ETHUSDT', 'FAILED', 2, 66, 'RELEASED', now() - interval '2 hours', now() - interval '2 hours') returning id`;
      await bookAnalysis(tx, user.id, Number(r.id), true);
    }),
  );
  await openDashboard(page, user);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId("signals-total")).toHaveText("1");
  await expect(page.getByTestId("rows-total")).toHaveText("· 2 analyses");
  // Row times are 24-hour UTC and say so.
  await expect(rows(page).first().locator("td").first()).toContainText(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} UTC/);
});

/** Three settled analyses (two issued, one NO_TRADE): 3 credits used today, 1 returned. */
async function seedThreeCredits(userId: number) {
  // "Today" is the UTC day: spread the three over the part of it already gone, so a run just after midnight still
  // seeds them today (1–3 hours ago fell on yesterday between 00:00 and 03:00 UTC).
  const gone = (Date.now() % 86_400_000) / 3_600_000;
  const ago = (h: number) => Math.min(h, (gone * h) / 4);
  await seedSignal(userId, { symbol: "BTCUSDT", type: "LONG", hoursAgo: ago(1), confidence: 0.7, reasoning: "Trend up." });
  await seedSignal(userId, { symbol: "ETHUSDT", type: "SHORT", hoursAgo: ago(2), confidence: 0.6, reasoning: "Lower highs." });
  await seedSignal(userId, { symbol: "SOLUSDT", type: "NO_TRADE", hoursAgo: ago(3), confidence: 0.4, reasoning: "Range bound." });
}

const cardValue = (page: Page, id: "used" | "returned") => page.getByTestId(`stat-${id}`).locator("p").first();

test("the credit cards poll GET /api/credits/usage every 10 s and /api/transactions/ every 15 s, and show the server's totals", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  await seedThreeCredits(user.id);
  // With the socket refused the spec's intervals hold (while it pushes the user's changes, lists poll once a minute).
  await page.routeWebSocket(/\/ws\/market/, (ws) => ws.close());
  const sent: Record<"usage" | "transactions", number[]> = { usage: [], transactions: [] };
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path === "/api/credits/usage") sent.usage.push(Date.now());
    else if (path === "/api/transactions/") sent.transactions.push(Date.now());
  });
  const usageAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/credits/usage" && r.status() === 200);
  const statsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/signals/stats" && r.status() === 200);
  await openDashboard(page, user);

  // Both sources agree, and the cards read exactly as when they came from the stats alone.
  // Used Credits are the credits that bought a signal (issue 33 §7): the No Trade's credit held and returned is not one,
  // so the card, its today count and Total Signals agree.
  const usage = (await (await usageAnswer).json()) as { used: number; refunded: number; net_used: number };
  const stats = (await (await statsAnswer).json()) as { used_credits: { value: number }; returned_credits: { value: number } };
  expect(usage).toMatchObject({ used: 3, refunded: 1, net_used: 2 });
  expect([stats.used_credits.value, stats.returned_credits.value]).toEqual([2, 1]);
  await expect(cardValue(page, "used")).toHaveText("2");
  await expect(page.getByTestId("stat-used")).toContainText("2 today");
  await expect(page.getByTestId("stat-total").locator("p").first()).toHaveText("2");
  await expect(cardValue(page, "returned")).toHaveText("1");
  await expect(page.getByTestId("stat-returned")).toContainText("33% of analyses");

  // Each re-requested on its own interval (the gap allows for timer and network jitter).
  await expect.poll(() => sent.usage.length, { timeout: 25_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => sent.transactions.length, { timeout: 25_000 }).toBeGreaterThanOrEqual(2);
  const usageGap = sent.usage[1] - sent.usage[0];
  const ledgerGap = sent.transactions[1] - sent.transactions[0];
  expect(usageGap, `usage gap ${usageGap} ms`).toBeGreaterThan(8_000);
  expect(usageGap, `usage gap ${usageGap} ms`).toBeLessThan(13_000);
  expect(ledgerGap, `transactions gap ${ledgerGap} ms`).toBeGreaterThan(13_000);
  expect(ledgerGap, `transactions gap ${ledgerGap} ms`).toBeLessThan(18_000);
});

test("a failing /api/credits/usage: Used and Returned Credits are the transactions' sums, the rest of the cards the stats'", async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  await seedThreeCredits(user.id);
  await page.route("**/api/credits/usage", (route) => route.fulfill({ status: 500, json: { detail: "Usage is unavailable" } }));
  // The stats' own totals made wrong, so a card still reading them instead of the ledger would show it.
  await page.route("**/api/signals/stats", async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { used_credits: { value: number }; returned_credits: { value: number } };
    body.used_credits.value = 99;
    body.returned_credits.value = 98;
    await route.fulfill({ response: res, json: body });
  });
  const failed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/credits/usage" && r.status() === 500);
  const ledger = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/transactions/" && r.status() === 200);
  await openDashboard(page, user);
  await failed;
  await ledger;

  await expect(cardValue(page, "used")).toHaveText("2");
  await expect(cardValue(page, "returned")).toHaveText("1");
  await expect(page.getByTestId("stat-used")).toContainText("2 today");
  await expect(page.getByTestId("stat-returned")).toContainText("33% of analyses");
  await expect(page.getByTestId("stat-total").locator("p").first()).toHaveText("2");
});

test("a new account sees the empty state", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  await openDashboard(page, user);
  await expect(page.getByText("No signals yet. Start a new analysis.")).toBeVisible();
  await expect(page.getByRole("link", { name: "New Analysis" })).toHaveAttribute("href", "/trading");
  // The free credit is "1 credit", not "1 credits".
  await expect(page.getByTestId("dashboard-credits")).toHaveText(/^1\s*credit$/);
  await expect(page.getByTestId("credits-counter").first()).toHaveText(/^1\s*credit$/);
});

test("signed out, /dashboard shows the toast and redirects to /login", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Authentication Required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please sign in to access your dashboard.", { exact: true })).toBeVisible();
});

test("dashboard screenshots at 1440 and 390 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  await seedSignal(user.id, {
    symbol: "BTCUSDT",
    type: "LONG",
    hoursAgo: 1,
    confidence: 0.74,
    reasoning: "Trend up on 4h and 1h; price reclaimed the range high on rising volume.",
  });
  await seedSignal(user.id, { symbol: "ETHUSDT", type: "SHORT", hoursAgo: 20, confidence: 0.63, reasoning: "Lower highs." });
  await seedSignal(user.id, { symbol: "DOGEUSDT", type: "NO_TRADE", hoursAgo: 50, confidence: 0.41, reasoning: "Chop." });
  await seedSignal(user.id, { symbol: "SOLUSDT", type: "LONG", hoursAgo: 24 * 9, confidence: 0.58, reasoning: "Breakout." });
  // One running analysis (the user's free credit) so a live row shows.
  await expect.poll(async () => (await request.get("/api/market/health")).status(), { timeout: 60_000 }).toBe(200);
  await openDashboard(page, user);
  const token = await page.evaluate(async () => {
    const r = await fetch("/api/auth/refresh", { method: "POST", credentials: "include" });
    return ((await r.json()) as { access_token: string }).access_token;
  });
  const started = await page.request.post("/api/analysis/start", { data: { symbol: "XRPUSDT" }, headers: { Authorization: `Bearer ${token}` } });
  expect(started.status()).toBe(200);
  await expect(rows(page).filter({ hasText: "XRPUSDT" }).getByText("LIVE", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("price-BTCUSDT")).not.toHaveText("—");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/dashboard-1440.png`, fullPage: true });
  // The market panel alone (replay badge, prices between closes, modelled spreads), for review at both widths.
  const market = page.locator('section[aria-labelledby="market-heading"]');
  await market.screenshot({ path: "test-results/screens/market-panel-1440.png" });
  await rows(page).filter({ hasText: "BTCUSDT" }).getByRole("button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // Let the slide-in finish so the picture shows the resting drawer.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/dashboard-drawer-1440.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("signal-card").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });
  await market.screenshot({ path: "test-results/screens/market-panel-390.png" });
});

test("Escape closes the drawer while an alert toast shows; the toast keeps its announcement", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  await seedSignal(user.id, { symbol: "BTCUSDT", type: "LONG", hoursAgo: 1, confidence: 0.74, reasoning: "Trend up." });
  await openDashboard(page, user);
  await expect(page.getByTestId("socket-status")).toHaveText("Live");
  await rows(page).filter({ hasText: "BTCUSDT" }).getByRole("button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // An analysis finishing as a signal while the drawer is open raises an ISSUED alert: the toast mounts above the drawer.
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  try {
    const data = {
      ...{ id: 1, user_id: user.id, signal_id: 1, kind: "ISSUED", symbol: "XRPUSDT", side: "LONG", entry_price: 0.5, stop_loss: 0.48 },
      ...{
        take_profit: 0.54,
        r_multiple: null,
        created_at: new Date().toISOString(),
        title: "Signal issued",
        detail: "XRPUSDT LONG is on your dashboard.",
      },
    };
    await redis.publish(`${process.env.E2E_REDIS_PREFIX ?? ""}analysis.${user.id}`, JSON.stringify({ type: "alert", data }));
  } finally {
    redis.disconnect();
  }
  const toastText = page.getByText("XRPUSDT LONG is on your dashboard.", { exact: true });
  await expect(toastText).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(toastText).toBeVisible();
  // With no dialog open, Escape dismisses the toast as before.
  await page.keyboard.press("Escape");
  await expect(toastText).toBeHidden();
});

test("the drawer agrees with itself: the odds as a trader reads them beside one expected R, one stop, costs, expiry, crowding, where the odds come from", async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  // On the market clock, as the engine dates it: 48 h after the seeded signal's market time (2024-06-01 00:00 UTC).
  const expires = new Date(1717200000000 + 48 * 3600_000).toISOString();
  const base: SeedContext = { ...SAMPLE_CONTEXT, invalidation_level: 96.42, expires_at: expires };
  const long: SeedContext = { ...base, history: SAMPLE_HISTORY, same_direction_last_hour: 3 };
  const short: SeedContext = {
    ...base,
    side: "SHORT",
    venue: "perp",
    venue_label: "Binance USDT-M perpetual",
    invalidation_level: 104.8,
    expected_r: -0.0312,
    history: { ...SAMPLE_HISTORY, pair: { n: 0, mean_r: -0.0512 } },
    same_direction_last_hour: 0,
  };
  const bestSide: SeedContext = { ...base, expected_r: -0.1201 };
  // Seeded by the same helper the API tests use, on the app's database.
  await withSql(async (sql) => {
    await seedWithContext(user.id, "XRPUSDT", "LONG", 0.4, { sql });
    await seedWithContext(user.id, "SOLUSDT", "NO_TRADE", 0.3, { sql, context: bestSide });
    await seedWithContext(user.id, "ETHUSDT", "SHORT", 0.2, { sql, context: short });
    await seedWithContext(user.id, "BTCUSDT", "LONG", 0.1, { sql, context: long });
  });
  await openDashboard(page, user);
  await expect(rows(page)).toHaveCount(4);

  await rows(page).filter({ hasText: "BTCUSDT" }).getByRole("button", { name: "View BTCUSDT" }).click();
  const drawer = page.getByRole("dialog");
  const why = drawer.getByTestId("why-this-setup");
  await expect(why).toBeVisible();
  await expect(why.getByTestId("setup-venue")).toHaveText("Binance spot");
  await expect(why).not.toContainText("cannot short");
  await expect(why.getByTestId("setup-horizon")).toHaveText("Within 48 h");
  await expect(why.getByTestId("setup-probabilities")).toContainText("Target first38.2%");
  await expect(why.getByTestId("setup-probabilities")).toContainText("Stop first44.9%");
  await expect(why.getByTestId("setup-probabilities")).toContainText("Neither16.9%");
  await expect(why.getByTestId("setup-no-skill")).toHaveText("vs 35.0% target first with no skill for the same stop and target");
  await expect(why.getByTestId("setup-expected-r")).toHaveText("+0.04R");
  await expect(why.getByTestId("setup-exits")).toHaveText(
    "The stop and the target are the only exits; after 48 h with neither hit, the trade closes at market.",
  );
  await expect(why.getByTestId("setup-costs")).toHaveText("0.24% round trip = 0.07R");
  await expect(why.getByTestId("setup-expires")).toHaveText(formatUtcMinute(expires));
  await expect(why.getByTestId("setup-expires")).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  // One stop: the stored structure level is not offered as a second exit.
  await expect(why.getByTestId("setup-invalidation")).toHaveCount(0);
  await expect(drawer).not.toContainText(formatPrice(96.42));
  await expect(why.getByTestId("setup-crowding")).toHaveText("3 other LONG signals in the prior hour");
  const history = why.getByTestId("setup-history");
  await expect(history).toContainText("Where the odds come from");
  await expect(history.getByTestId("setup-history-pooled")).toHaveText("Tested out-of-fold on 4,210 similar LONG setups (Mar–Sep 2024)");
  await expect(history.getByTestId("setup-history-pair")).toHaveText("BTCUSDT: 12 of them");
  // One expected-R figure on the whole card: the plain line, the odds block and nothing else name an R mean.
  await expect(drawer.getByTestId("plain-line")).toContainText("+0.04R expected after costs");
  const rFigures = ((await drawer.textContent()) ?? "").match(/[+−-]\d\.\d\dR\b/g) ?? [];
  expect(rFigures.filter((r) => r !== "+0.04R")).toEqual([]);
  // Confidence reads as the chance the target comes first, not as a pass mark.
  // Its figure is the same P(target first) as the odds block (the seeded confidence column says 55 %, the context 38.2 %).
  await expect(drawer.getByTestId("confidence-tile")).toHaveText("38% target first");
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/drawer-context-1440.png` });
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // A SHORT is a perpetual-futures setup, and says why.
  await rows(page).filter({ hasText: "ETHUSDT" }).getByRole("button", { name: "View ETHUSDT" }).click();
  await expect(page.getByRole("dialog").getByTestId("setup-venue")).toHaveText("Binance USDT-M perpetual");
  await expect(page.getByRole("dialog").getByTestId("why-this-setup")).toContainText("perpetual futures; a spot account cannot short");
  await expect(page.getByRole("dialog").getByTestId("setup-expected-r")).toHaveText("−0.03R");
  await expect(page.getByRole("dialog").getByTestId("setup-crowding")).toHaveText("none in the prior hour");
  await expect(page.getByRole("dialog").getByTestId("setup-history-pair")).toHaveText("No ETHUSDT trades among them");
  await page.keyboard.press("Escape");

  // A No Trade names its best side and the bar it missed; a signal from before v2 has no block.
  await rows(page).filter({ hasText: "SOLUSDT" }).getByRole("button", { name: "View SOLUSDT" }).click();
  await expect(page.getByTestId("no-trade-notice")).toBeVisible();
  await expect(page.getByRole("dialog").getByTestId("best-side")).toHaveText("Best side: LONG expected −0.12R after costs; bar +0.02R");
  await expect(page.getByRole("dialog").getByTestId("why-this-setup")).toHaveCount(0);
  // Its context predates the list of pairs clearing the bar: no list, not "none".
  await expect(page.getByRole("dialog").getByTestId("alternatives")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await rows(page).filter({ hasText: "XRPUSDT" }).getByRole("button", { name: "View XRPUSDT" }).click();
  await expect(page.getByRole("dialog").getByText("Entry", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("dialog").getByTestId("why-this-setup")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("signal-card").filter({ hasText: "BTCUSDT" }).getByRole("button", { name: "View BTCUSDT" }).click();
  await expect(page.getByRole("dialog").getByTestId("why-this-setup")).toBeVisible();
  await page.waitForTimeout(400);
  // Scrolled to the end of the block, so the history shows on the narrow screen.
  await page.getByRole("dialog").getByTestId("setup-history").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/drawer-context-390.png` });
});

test("a No Trade lists the pairs clearing the bar; picking one fills it in on Start Trading", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "dash", firstName: "Grace" });
  const noTrade: SeedContext = {
    ...SAMPLE_CONTEXT,
    expected_r: -0.1201,
    alternatives: [...SAMPLE_ALTERNATIVES, { symbol: "1000SATSUSDT", side: "LONG", expected_r: 0.0215, p_tp: 0.3702, venue: "spot" }],
  };
  await withSql(async (sql) => {
    const nearest = [
      { symbol: "PAXGUSDT", side: "LONG", expected_r: 0.0381, gap_r: 0.0119 },
      { symbol: "ETHUSDT", side: "SHORT", expected_r: -0.0125, gap_r: 0.0625 },
    ] as const;
    await seedWithContext(user.id, "AVAXUSDT", "NO_TRADE", 0.2, { sql, context: { ...noTrade, alternatives: [], nearest: [...nearest] } });
    await seedWithContext(user.id, "ETHUSDT", "NO_TRADE", 0.0005, { sql, context: noTrade });
  });
  await openDashboard(page, user);
  await expect(rows(page)).toHaveCount(2);

  // Hours old: no pair cleared the bar then, and it does not claim "now".
  await rows(page).filter({ hasText: "AVAXUSDT" }).getByRole("button", { name: "View AVAXUSDT" }).click();
  await expect(page.getByRole("dialog").getByTestId("alternatives-empty")).toHaveText("No pair cleared the bar when this was issued.");
  await expect(page.getByRole("dialog").getByTestId("alternative")).toHaveCount(0);
  // None cleared it, so how far the closest were from it, each with its expected R.
  const near = page.getByRole("dialog").getByTestId("nearest");
  await expect(near.getByRole("heading")).toHaveText("Closest below the bar when issued");
  await expect(near.getByTestId("near-miss")).toHaveText([
    /PAXGUSDT\s*LONG\s*\+0\.04R\s*0\.01R below the bar/,
    /ETHUSDT\s*SHORT\s*−0\.01R\s*0\.06R below the bar/,
  ]);
  await page.keyboard.press("Escape");

  await rows(page).filter({ hasText: "ETHUSDT" }).getByRole("button", { name: "View ETHUSDT" }).click();
  const list = page.getByRole("dialog").getByTestId("alternatives");
  await expect(list).toBeVisible();
  await expect(list.getByRole("heading")).toHaveText("Clearing the bar now");
  const alts = list.getByTestId("alternative");
  await expect(alts).toHaveCount(3);
  await expect(alts.nth(0)).toContainText("SOLUSDT");
  await expect(alts.nth(0)).toContainText("LONG");
  await expect(alts.nth(0)).toContainText("+0.06R");
  await expect(alts.nth(0)).toContainText("P(TP) 41%");
  await expect(alts.nth(1)).toContainText("DOGEUSDT");
  await expect(alts.nth(1)).toContainText("SHORT");
  await expect(list.getByTestId("alternatives-note")).toHaveText("Starting one costs 1 credit.");
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/drawer-no-trade-1440.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(alts.nth(2)).toBeVisible();
  // The longest pair name keeps its row: nothing truncated at 390 px.
  expect(
    await alts
      .nth(2)
      .getByText("1000SATSUSDT")
      .evaluate((e) => e.scrollWidth <= e.clientWidth),
  ).toBe(true);
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/drawer-no-trade-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A link, not a start: the pair is only filled in.
  await list.getByRole("link", { name: /^DOGEUSDT/ }).click();
  await expect(page).toHaveURL(/\/trading$/);
  await expect(page.getByRole("heading", { name: "AI Trading Analysis" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Trading pair" })).toHaveValue("DOGEUSDT");
  await expect(page.getByRole("button", { name: "Start Analysis (DOGEUSDT)" })).toBeVisible();
});
