// The signal chart in a real browser under the app's CSP: the drawer of an OPEN LONG (chart, legend with its lines,
// open-setup status, 1h/4h/1d switch) and of a resolved signal (exit with its R), no console error or CSP violation;
// screenshots of the drawer at 1440 and 390 px.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { bookAnalysis } from "../../server/src/modules/signals/testing";
import { formatPrice } from "../src/lib/format";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";
import { registerUser, signIn, withSql } from "./helpers";

const SHOTS = "test-results/screenshots";
const H = 3_600_000;
type K = { t: number; o: number; h: number; l: number; c: number; v: number };

/** Real recorded 1h candles ending at `end`, through the endpoint under test. */
async function hourly(request: APIRequestContext, symbol: string, end: number, limit: number): Promise<K[]> {
  const res = await request.get(`/api/market/candles?symbol=${symbol}&interval=1h&end=${end}&limit=${limit}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { candles: K[] }).candles;
}

type Seed = {
  symbol: string;
  type: "LONG" | "SHORT";
  issueMs: number;
  levels: { entry: number; stop: number; target: number; invalidation: number };
  outcome?: { kind: "TP_HIT" | "SL_HIT"; atMs: number; r: number };
};

/** A settled analysis with its signal, dated in market time like the engine's, written straight into the run's database. */
async function seed(userId: number, s: Seed) {
  const { entry, stop, target, invalidation } = s.levels;
  const context = { ...SAMPLE_CONTEXT, side: s.type, expires_at: new Date(s.issueMs + 48 * H).toISOString(), invalidation_level: invalidation };
  return withSql((sql) =>
    sql.begin(async (tx) => {
      const [r] = await tx<{ id: number }[]>`
        insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms, created_at, completed_at)
        values (${userId}, ${s.symbol}, 'COMPLETED', 3, 100, 'USED', ${s.issueMs}, now(), now()) returning id`;
      const [sig] = await tx<{ id: number }[]>`
        insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe,
                             entry_timing, reasoning, no_trade, is_active, market_time_ms, outcome, outcome_market_ms, r_multiple,
                             outcome_at, created_at, context, cost_per_side)
        values (${userId}, ${r.id}, ${s.symbol}, ${s.type}, 0.58, ${entry}, ${target}, ${stop}, ${Math.abs(target - entry) / Math.abs(entry - stop)},
                '1h', 'Now', 'Seeded for the chart test.', false, ${!s.outcome}, ${s.issueMs}, ${s.outcome?.kind ?? "OPEN"},
                ${s.outcome?.atMs ?? null}, ${s.outcome?.r ?? null}, ${s.outcome ? new Date() : null}, now(),
                ${JSON.stringify(context)}::text::jsonb, ${context.costs.cost_per_side}) returning id`;
      await tx`update analysis_requests set final_signal_id = ${sig.id} where id = ${r.id}`;
      await bookAnalysis(tx, userId, Number(r.id), false);
    }),
  );
}

/** Console errors, page errors and CSP violations from the first byte. */
async function watchProblems(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on("console", (m) => {
    // The app ships no favicon: Chromium's own /favicon.ico probe 404s on every page, whatever the chart does.
    if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico")) seen.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => seen.push(`pageerror: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) seen.push(`${r.status()} ${r.url()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}`));
  });
  return async () => [...seen, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

const drawerOf = (page: Page) => page.getByRole("dialog");

async function expectChart(page: Page) {
  const chart = drawerOf(page).getByTestId("signal-chart");
  await expect(chart.getByTestId("chart-canvas").locator("canvas").first()).toBeVisible();
  const legend = chart.getByRole("list", { name: "Chart legend" });
  for (const key of ["entry", "sl", "tp"]) await expect(legend.getByTestId(`legend-${key}`)).toBeVisible();
  return chart;
}

test("drawer chart: an open LONG with its lines, status and timeframes; a resolved signal with its exit", async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = await watchProblems(page);
  const user = await registerUser(request, { tag: "chart", firstName: "Grace" });
  // The e2e replay starts at its default, 2024-02-15 00:00 UTC market time: issue both signals in the days before it.
  const openIssue = Date.parse("2024-02-14T06:00:00Z");
  const btc = (await hourly(request, "BTCUSDT", openIssue, 1))[0].c;
  await seed(user.id, {
    symbol: "BTCUSDT",
    type: "LONG",
    issueMs: openIssue,
    levels: { entry: btc, stop: btc * 0.97, target: btc * 1.06, invalidation: btc * 0.965 },
  });
  // The resolved one follows the real path: take profit at the high of the 10th hour after issue, stop under every low before it.
  const doneIssue = Date.parse("2024-02-08T12:00:00Z");
  const after = await hourly(request, "ETHUSDT", doneIssue + 10 * H, 10);
  const eth = (await hourly(request, "ETHUSDT", doneIssue, 1))[0].c;
  const tpBar = after.reduce((best, k) => (k.h > best.h ? k : best));
  const stop = Math.min(...after.map((k) => k.l)) * 0.995;
  await seed(user.id, {
    symbol: "ETHUSDT",
    type: "LONG",
    issueMs: doneIssue,
    levels: { entry: eth, stop, target: tpBar.h, invalidation: stop * 0.99 },
    outcome: { kind: "TP_HIT", atMs: tpBar.t, r: 1.42 },
  });

  await signIn(page, user);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "View BTCUSDT" }).click();
  const chart = await expectChart(page);
  await expect(chart.getByTestId("legend-entry")).toContainText(formatPrice(btc));
  await expect(chart.getByTestId("legend-sl")).toContainText(formatPrice(btc * 0.97));
  await expect(chart.getByTestId("legend-tp")).toContainText(formatPrice(btc * 1.06));
  // One stop: the structure level stored with the signal (3.5 % below entry here) is not drawn as a second one.
  await expect(chart.getByTestId("legend-invalidation")).toHaveCount(0);
  await expect(drawerOf(page)).not.toContainText(formatPrice(btc * 0.965));
  const status = chart.getByTestId("open-status");
  await expect(status.getByTestId("open-status-state")).toHaveText(/In play|Through target|Through stop|Not reached entry/);
  await expect(status.getByTestId("open-status-as-of")).toContainText(/2024-02-1\d \d\d:\d\d UTC market time \(replay\)/);
  await expect(status.getByTestId("open-status-time-left")).toHaveText(/^(\d+d \d+h|\d+h \d\dm|\d+m|expired)$/);
  // Every distance tile holds its figures (the R beside the percent ran into the next tile at 1440 px).
  const overflowing = await status.locator("dd").evaluateAll((dds) => dds.filter((d) => d.scrollWidth > d.clientWidth + 1).map((d) => d.textContent));
  expect(overflowing).toEqual([]);

  for (const tf of ["4h", "1d", "1h"]) {
    const answered = page.waitForResponse((r) => r.url().includes("/api/market/candles") && r.url().includes(`interval=${tf}`));
    await chart.getByRole("button", { name: tf, exact: true }).click();
    await expect(chart.getByRole("button", { name: tf, exact: true })).toHaveAttribute("aria-pressed", "true");
    expect((await answered).status()).toBe(200);
    await expect(chart.getByTestId("chart-canvas").locator("canvas").first()).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/signal-chart-drawer-1440.png` });
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "View ETHUSDT" }).click();
  const done = await expectChart(page);
  await expect(done.getByTestId("legend-exit")).toContainText("TP +1.42R");
  await expect(done.getByTestId("open-status")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/signal-chart-resolved-1440.png` });
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "View BTCUSDT" }).click();
  const narrow = await expectChart(page);
  const box = await narrow.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/signal-chart-drawer-390.png`, fullPage: false });
  await narrow.scrollIntoViewIfNeeded();
  await narrow.screenshot({ path: `${SHOTS}/signal-chart-panel-390.png` });

  expect(await problems()).toEqual([]);
});
