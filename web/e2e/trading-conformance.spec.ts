// Start Trading against spec 02: all 200 pairs with the replay-only ones marked and refused with the server's reason,
// the 3-running cap shown before a start and the 429's detail toasted, the balance falling back to the profile (and an
// unknown one refusing the start), a favorites 401 ending the session, failed loads surfacing, and market time labels.
import { expect, test, type Page } from "@playwright/test";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { marketNow, registerUser, signIn, withSql } from "./helpers";
import { seedRunning } from "./seeds";

type SymbolsAnswer = { data: { symbols: string[]; count: number; provider: string; unavailable: Record<string, string> } };

async function openTrading(page: Page) {
  await page.goto("/start-trading");
  await expect(page.getByRole("heading", { name: "AI Trading Analysis" })).toBeVisible();
}
const combobox = (page: Page) => page.getByRole("combobox", { name: "Trading pair" });
const listbox = (page: Page) => page.getByRole("listbox", { name: "Matching pairs" });
const startButton = (page: Page) => page.getByRole("button", { name: /^Start Analysis/ });
const requestsOf = (userId: number) =>
  withSql(async (sql) => (await sql`select count(*)::int as n from analysis_requests where user_id = ${userId}`)[0].n as number);

test("every listed pair is offered; a replay-only pair is greyed with the server's reason and its start toasts the server's detail", async ({
  page,
  request,
}) => {
  const { data } = (await (await request.get("/api/market/symbols")).json()) as SymbolsAnswer;
  const [unavailable, reason] = Object.entries(data.unavailable)[0];
  const user = await registerUser(request, { tag: "pairs" });
  await signIn(page, user);
  await openTrading(page);

  await combobox(page).click();
  // The dropdown shows at most 60 (spec 02 §5) and says how many of the whole list it leaves out.
  await expect(listbox(page).getByRole("option")).toHaveCount(60);
  await expect(page.getByText(`Showing 60 of ${data.count} pairs — keep typing to narrow.`)).toBeVisible();
  await combobox(page).fill(unavailable.replace(/USDT$/, ""));
  const option = listbox(page).getByRole("option", { name: new RegExp(`^${unavailable}`) });
  await expect(option).toContainText(reason);
  await expect(option).toHaveAttribute("data-unavailable", "true");
  // A pair with recorded data carries no note.
  await combobox(page).fill("BTC");
  await expect(listbox(page).getByRole("option").first()).not.toHaveAttribute("data-unavailable", "true");

  await combobox(page).fill(unavailable.replace(/USDT$/, ""));
  await option.click();
  await expect(combobox(page)).toHaveValue(unavailable);
  await expect(page.getByTestId("pair-unavailable-note")).toContainText(reason);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/analysis/start"));
  await startButton(page).click();
  const refused = await answer;
  expect(refused.status()).toBe(400);
  const { detail, code } = (await refused.json()) as { detail: string; code: string };
  expect(code).toBe("symbol_unavailable");
  await expect(page.getByText("Failed to start", { exact: true })).toBeVisible();
  await expect(page.getByText(detail, { exact: true })).toBeVisible();
  await expect(page.getByTestId("credits-badge")).toContainText("1");
  expect(await requestsOf(user.id)).toBe(0);
});

test("at 3 running analyses Start is held back with the reason; a start the list did not know about gets the server's 429 detail", async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { tag: "cap" });
  await seedRunning(user.id, 3);
  await signIn(page, user);
  await openTrading(page);
  await expect(page.getByTestId("live-analysis")).toHaveCount(3);
  await combobox(page).fill("BTCUSDT");
  await combobox(page).press("Escape");
  const start = page.getByRole("button", { name: "Start Analysis (BTCUSDT)" });
  await expect(start).toBeDisabled();
  await expect(page.getByTestId("running-cap")).toHaveText("3 analyses are running, the most at once. Start another when one finishes.");
  await expect(start).toHaveAttribute("aria-describedby", "running-cap");

  // A stale list (as if the three were started from another tab a moment ago): the server still refuses, in its words.
  await page.route("**/api/analysis/active", (route) => route.fulfill({ json: [] }));
  await page.getByRole("button", { name: "Refresh live analyses" }).click();
  await expect(page.getByText("No active analyses running.")).toBeVisible();
  await expect(start).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/analysis/start"));
  await start.click();
  const refused = await answer;
  expect(refused.status()).toBe(429);
  const { detail } = (await refused.json()) as { detail: string };
  await expect(page.getByText("Failed to start", { exact: true })).toBeVisible();
  await expect(page.getByText(detail, { exact: true })).toBeVisible();
  // The optimistic hold is undone once the balance is read again.
  await expect(page.getByTestId("credits-badge")).toContainText("1");
  expect(await requestsOf(user.id)).toBe(3);
});

test("a failing balance call falls back to the profile's credits; with neither, Start is refused without a request", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "bal" });
  await signIn(page, user);
  await page.route("**/api/credits/balance", (route) => route.fulfill({ status: 503, json: { detail: "Credits are unavailable" } }));
  await openTrading(page);
  await expect(page.getByTestId("credits-badge")).toContainText("1");
  await expect(page.getByTestId("credits-counter").filter({ visible: true })).toContainText("1");

  await page.route("**/api/user/profile", (route) => route.fulfill({ status: 503, json: { detail: "Profile is unavailable" } }));
  await page.reload();
  await expect(page.getByRole("heading", { name: "AI Trading Analysis" })).toBeVisible();
  await expect(page.getByTestId("credits-badge")).toContainText("—");
  let starts = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/analysis/start")) starts++;
  });
  await combobox(page).fill("BTCUSDT");
  await combobox(page).press("Escape");
  await page.getByRole("button", { name: "Start Analysis (BTCUSDT)" }).click();
  await expect(page.getByText("Cannot start", { exact: true })).toBeVisible();
  await expect(page.getByText("Your credit balance could not be read. Try again in a moment.", { exact: true })).toBeVisible();
  expect(starts).toBe(0);
  expect(await requestsOf(user.id)).toBe(0);
});

test("a 401 loading favorites ends the session with 'Session expired / Please login again.'", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "fav401" });
  await signIn(page, user);
  await page.route("**/api/user/favorites", (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 401, json: { detail: "Not authenticated" } }) : route.continue(),
  );
  await page.goto("/start-trading");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Session expired", { exact: true })).toBeVisible();
  await expect(page.getByText("Please login again.", { exact: true })).toBeVisible();
});

test("failed loads surface: the Day Signal feed's error instead of an empty day, the detail's failure with the server's detail first", async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { tag: "fail" });
  const [running] = await seedRunning(user.id, 1, "ETHUSDT");
  await signIn(page, user);
  await page.route(/\/api\/signals\/?(\?.*)?$/, (route) => route.fulfill({ status: 503, json: { detail: "Signals store is restarting" } }));
  await page.route(new RegExp(`/api/analysis/${running}$`), (route) =>
    route.fulfill({ status: 503, json: { detail: "Analysis store is restarting" } }),
  );
  await openTrading(page);
  const card = page.getByTestId("day-signal-card");
  await expect(card.getByTestId("day-signal-error")).toContainText("Error Loading Signals");
  await expect(card.getByTestId("day-signal-error")).toContainText("Signals store is restarting");
  await expect(card).not.toContainText("No signals yet today");
  const item = page.getByTestId("live-analysis");
  await expect(item.getByTestId("detail-error")).toHaveText("Analysis store is restarting");

  // Without a server detail, the spec's fallback text.
  await page.unroute(new RegExp(`/api/analysis/${running}$`));
  await page.route(new RegExp(`/api/analysis/${running}$`), (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" }),
  );
  await page.reload();
  await expect(page.getByTestId("live-analysis").getByTestId("detail-error")).toHaveText("Failed to fetch analysis detail");
  // The replayed moment the analysis read is labelled as market time.
  await expect(page.getByTestId("live-analysis").getByTestId("market-time")).toHaveText("Market time 2024-06-01 00:00 UTC");
});

test("Day Signal runs on the market clock: the replayed day in its title, each signal at its market time of issue", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "mtime" });
  const now = await marketNow(request);
  const levels = { takeProfit: 10_000_000, stopLoss: 1, expiryHours: 720 };
  await withSql(async (sql) => {
    await seedSignal(user.id, "BTCUSDT", "LONG", 0.01, { sql, marketTimeMs: now, levels });
    // Bought today on the wall clock, but issued on an earlier market day: not today's.
    await seedSignal(user.id, "ETHUSDT", "LONG", 0.005, { sql, marketTimeMs: now - 2 * 86_400_000, levels });
  });
  await signIn(page, user);
  await openTrading(page);
  const card = page.getByTestId("day-signal-card");
  const day = new Date(now).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  await expect(card.getByText(`(${day})`)).toBeVisible();
  const item = card.getByTestId("day-signal");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("BTCUSDT");
  await expect(item.getByTestId("day-signal-time")).toHaveText(`${new Date(now).toISOString().slice(11, 16)} UTC`);
});
