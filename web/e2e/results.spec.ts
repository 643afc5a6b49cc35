// The results view (issue 24 #14) from stored outcomes: totals by month, every signal with its outcome, R and time to
// outcome, both CSVs as downloaded, the empty state; screenshots at 1440 and 390 px (test-results/screens/).
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { registerUser, signIn, withSql } from "./helpers";

const SCREENS = "test-results/screens";
const H = 3_600_000;

/**
 * Three settled signals over two UTC months and one still open, as the engine's tracker stores them: issued at replayed
 * 2025 market moments (their dates, months and CSV cells) by analyses bought in the last few days (the wall clock).
 */
async function seedRecord(userId: number) {
  return withSql(async (sql) => {
    const rows: Array<[string, "LONG" | "SHORT", string, string, number | null, number | null]> = [
      ["BTCUSDT", "LONG", "2025-10-20T09:00:00Z", "TP_HIT", 1.958, 7],
      ["ETHUSDT", "SHORT", "2025-10-03T14:00:00Z", "SL_HIT", -1.041, 2.5],
      ["SOLUSDT", "LONG", "2025-09-12T06:00:00Z", "EXPIRED", 0.3596, 48],
      ["XRPUSDT", "SHORT", "2025-11-02T08:00:00Z", "OPEN", null, null],
    ];
    const boughtDaysAgo: Record<string, number> = { XRPUSDT: 0.5, BTCUSDT: 1, ETHUSDT: 2, SOLUSDT: 3 };
    for (const [symbol, type, at, outcome, r, hours] of rows) {
      const { signalId } = await seedSignal(userId, symbol, type, boughtDaysAgo[symbol], { sql, marketTimeMs: Date.parse(at) });
      await sql`update signals set outcome = ${outcome}, r_multiple = ${r}, is_active = ${outcome === "OPEN"},
                outcome_at = ${hours === null ? null : sql`now()`},
                outcome_market_ms = ${hours === null ? null : sql`market_time_ms + ${hours * H}`} where id = ${signalId}`;
    }
    await seedSignal(userId, "DOGEUSDT", "NO_TRADE", 0.5, { sql });
  });
}

async function downloadText(page: Page, testId: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return readFile(await download.path(), "utf8");
}

test("results: months with all-month totals, every LONG/SHORT with its outcome, the CSVs, at 1440 and 390 px", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "results" });
  await seedRecord(user.id);
  await signIn(page, user);
  await page.goto("/dashboard");
  await page.getByRole("navigation").getByRole("link", { name: "Results" }).first().click();
  await expect(page).toHaveURL(/\/results$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your track record" })).toBeVisible();

  const months = page.getByTestId("month-row");
  await expect(months).toHaveCount(3);
  await expect(months.nth(0)).toHaveText(/Nov 2025\s*—\s*—\s*—\s*—\s*—\s*0 closed · 1 open/);
  await expect(months.nth(1)).toHaveText(/Oct 2025\s*\+0\.92R\s*50% \(1 of 2\)\s*\+0\.46R\s*\+1\.96R\s*−1\.04R\s*2 closed/);
  await expect(months.nth(2)).toHaveText(/Sep 2025\s*\+0\.36R\s*100% \(1 of 1\)\s*\+0\.36R/);
  await expect(page.getByTestId("month-total")).toHaveText(
    /All · Sep–Nov 2025\s*\+1\.28R\s*67% \(2 of 3\)\s*\+0\.43R\s*\+1\.96R\s*−1\.04R\s*3 closed · 1 open/,
  );

  const rows = page.getByTestId("result-row");
  // NO_TRADE issued no trade, so it has no result.
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toHaveText(/XRPUSDT\s*SHORT\s*Open\s*—\s*—\s*100\.00\s*105\.00\s*90\.000\s*2025-11-02 08:00/);
  await expect(rows.nth(1)).toHaveText(/BTCUSDT\s*LONG\s*TP hit\s*\+1\.96R\s*7h 00m\s*100\.00\s*95\.000\s*110\.00\s*2025-10-20 09:00/);
  await expect(rows.nth(3)).toHaveText(/SOLUSDT\s*LONG\s*Expired\s*\+0\.36R\s*2d 0h/);
  await expect(page.getByText("DOGEUSDT")).toHaveCount(0);

  await page.screenshot({ path: `${SCREENS}/results-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("month-total")).toBeVisible();
  // The wide tables scroll inside their cards; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/results-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const monthsCsv = (await downloadText(page, "results-csv-months")).split("\r\n");
  expect(monthsCsv[0]).toBe("month,signals,open,closed,wins,win_rate_pct,total_r,mean_r,best_r,worst_r");
  expect(monthsCsv[2]).toBe("2025-10,2,0,2,1,50,0.917,0.4585,1.958,-1.041");
  const signalsCsv = (await downloadText(page, "results-csv-signals")).split("\r\n").filter(Boolean);
  expect(signalsCsv).toHaveLength(5);
  // Issue and exit on the market clock, as on the screen (not the Nov 2026 day the rows were written).
  expect(signalsCsv[0]).toMatch(/^signal_id,analysis_id,issued_at_utc,/);
  expect(signalsCsv[2]).toMatch(/,2025-10-20T09:00:00\.000Z,BTCUSDT,LONG,100,95,110,2,TP_HIT,2025-10-20T16:00:00\.000Z,1\.958,7$/);
});

test("results: a new trader sees the empty state and no tables", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "results-empty" });
  await signIn(page, user);
  await page.goto("/results");
  await expect(page.getByTestId("results-empty")).toContainText("No LONG or SHORT signals yet.");
  await expect(page.getByTestId("month-table")).toHaveCount(0);
});
