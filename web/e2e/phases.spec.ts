// The three phases as a trader watches them (issue 33 §3, §4): each phase's reasoning names what it read anew (the
// price again, the order book, funding), the final one what moved since the scan and the verdict; the card offers the
// live entry the phase priced. Screenshots at 1440 and 390 px of each phase and of the signal card.
import { expect, test, type Page } from "@playwright/test";
import { registerUser, signIn, withSql } from "./helpers";

const SCREENS = "test-results/screens";

async function phaseRows(requestId: number) {
  return withSql(
    (sql) => sql<{ phase_number: number; full_reasoning: string }[]>`
      select phase_number, full_reasoning from analysis_reasoning where request_id = ${requestId} order by phase_number`,
  );
}

/** Starts an analysis of `symbol` from Start Trading and opens its live reasoning; the request id. */
async function start(page: Page, symbol: string): Promise<number> {
  const box = page.getByRole("combobox", { name: "Trading pair" });
  await box.fill(symbol);
  await box.press("Escape");
  const started = page.waitForResponse((r) => r.url().endsWith("/api/analysis/start") && r.request().method() === "POST");
  await page.getByRole("button", { name: `Start Analysis (${symbol})` }).click();
  return ((await (await started).json()) as { request_id: number }).request_id;
}

for (const width of [1440, 390]) {
  test(`phases as they change and the card they end in, at ${width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await registerUser(request, { tag: `phases-${width}` });
    await signIn(page, user);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto("/start-trading");
    await expect(page.getByRole("heading", { name: "AI Trading Analysis" })).toBeVisible();
    // ADAUSDT has no 5m record: its entry is the live path price between closes.
    const id = await start(page, "ADAUSDT");
    const item = page.getByTestId("live-analysis");
    await expect(item).toBeVisible();
    // Phase 1's one-line reason: the scan's price and odds; phase 2's: what it read anew.
    await expect(item).toContainText(/ADAUSDT (no edge|LONG bias|SHORT bias): price [\d.,]+/, { timeout: 15_000 });
    await item.screenshot({ path: `${SCREENS}/phases-1-${width}.png` });
    // A move under 0.005 % keeps two significant digits (−0.0017 %), never −0.00 %.
    await expect(item).toContainText(/(price (unchanged|[+−](?!0\.00%)\d+\.\d{2,}%)), spread \d+\.\d{4}%, buy \d+%/, { timeout: 15_000 });
    await item.screenshot({ path: `${SCREENS}/phases-2-${width}.png` });

    // Completed: the Day Signal card holds the result; its full reasoning says what moved since the scan.
    const card = page.getByTestId("day-signal").filter({ hasText: "ADAUSDT" });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole("button", { name: "View Full Reasoning" }).click();
    await expect(card).toContainText("Phase 3, final calibration");
    await expect(card).toContainText(/Price [\d.]+ at the scan → [\d.]+ now|Price unchanged since the scan/);
    await expect(card).toContainText(/Verdict (as at the scan|changed since the scan|[A-Z_ ]+, although)/);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/phases-3-card-${width}.png` });
    await card.screenshot({ path: `${SCREENS}/phases-3-card-only-${width}.png` });

    // Every phase stored what it read: the order book and funding in phase 2, the move and the verdict in phase 3.
    const rows = await phaseRows(id);
    expect(rows.map((r) => r.phase_number)).toEqual([1, 2, 3]);
    expect(rows[0].full_reasoning).toContain("Funding");
    expect(rows[1].full_reasoning).toMatch(/Order book at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(rows[1].full_reasoning).not.toContain("No criteria to check");
    expect(rows[2].full_reasoning).toMatch(/Verdict/);
  });
}
