// Public pages in a real browser: titles, the track record and About's measurement, contact validation and submission, 404, mobile menu, auth gate.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { V2_BACKTEST } from "../src/entities/track-record/api/test-track-record";
import { formatCount } from "../src/lib/format";
import { randomIp, registerUser, withSql } from "./helpers";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";

/** The backtest report the server answers with (the model engineer rewrites it; the tests read it rather than copy it). */
const TRACK_RECORD_FILE = new URL("../../engine/src/analysis/model/track-record.json", import.meta.url);

type Backtest = {
  pairs: number;
  max_drawdown_r?: number;
  by_month?: { month: string }[];
  signals: number;
  sample_size: number;
  expectancy_r?: number;
  expectancy_r_ci?: [number, number];
  reliability?: unknown[];
  calibration?: unknown[];
  verdict?: { edge: boolean; text: string };
  by_year?: { year: number; signals: number }[];
  by_quarter?: { quarter: string; signals: number }[];
  ci_block_days?: number;
};

const readBacktest = (): Backtest => JSON.parse(readFileSync(TRACK_RECORD_FILE, "utf8")) as Backtest;

/** No edge unless the report shows one: its verdict, else a figure (or interval) not above zero. */
const noEdge = (b: Backtest) => (b.verdict ? !b.verdict.edge : (b.expectancy_r ?? 1) <= 0 || (b.expectancy_r_ci?.[0] ?? 1) <= 0);

/** Serves the v2 report fixture in place of the file, so every v2 field is checked whatever the file holds today. */
const serveV2 = (page: Page) =>
  page.route("**/api/public/track-record", (route) =>
    route.fulfill({ json: { backtest: V2_BACKTEST, live: { sample_size: 0, closed: 0, period: { from: null, to: null } } } }),
  );

const PAGES: { path: string; title: string | RegExp }[] = [
  // The headline claims it works only when the published record shows an edge (issue 33 §6).
  { path: "/", title: noEdge(readBacktest()) ? "AI-Powered Crypto Signals, Measured in the Open" : "AI-Powered Crypto Signals that Actually Work" },
  { path: "/about", title: "About Tradewind" },
  { path: "/how-it-works", title: "From a pair to a trade plan in four steps" },
  { path: "/pricing", title: "Simple, prepaid credits" },
  { path: "/contact", title: "Contact Support" },
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/terms", title: "Terms of Use" },
  { path: "/risk", title: "Risk Disclosure" },
];

for (const { path, title } of PAGES) {
  test(`${path} renders its title`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("contentinfo").getByText("Risk notice:")).toBeVisible();
  });
}

test("home shows the credit rule and never a typed accuracy figure", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Credits are only deducted when a real LONG or SHORT signal is issued.", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Start for Free" }).first()).toHaveAttribute("href", "/register");
  // The figure shown is the stored measurement (the backtest until enough live signals have closed), with its sample;
  // without a shown edge it says so instead of quoting a win rate.
  const record = (await (await page.request.get("/api/public/track-record")).json()) as { backtest: Backtest };
  const note = page.getByTestId("track-record");
  if (noEdge(record.backtest)) {
    await expect(note).toContainText("No edge detected");
    await expect(note).toContainText(`n = ${formatCount(record.backtest.sample_size)}`);
    await expect(note).not.toContainText("win rate");
    await expect(note.getByRole("link", { name: "See how we measure" })).toHaveAttribute("href", "/about");
  } else {
    await expect(note).toContainText(`${formatCount(record.backtest.sample_size)} signals`);
    await expect(note).toContainText(/out-of-sample backtest|out-of-fold testing/);
  }
  await expect(page.locator("body")).not.toContainText("94.2");
});

test("the headline follows the published record: no 'Actually Work' beside 'No edge', and it returns when an edge is shown", async ({ page }) => {
  await serveV2(page);
  await page.goto("/");
  await expect(page.getByTestId("track-record")).toContainText("No edge detected");
  await expect(page.getByTestId("hero-headline")).toHaveText("AI-Powered Crypto Signals, Measured in the Open");
  await expect(page.locator("body")).not.toContainText("Actually Work");
  await expect(page.locator("body")).not.toContainText("High-Confidence");
  await page.unrouteAll();
  await page.route("**/api/public/track-record", (route) =>
    route.fulfill({
      json: { backtest: { ...V2_BACKTEST, verdict: { edge: true, text: "Edge shown." } }, live: { sample_size: 0, closed: 0, period: {} } },
    }),
  );
  await page.reload();
  await expect(page.getByTestId("hero-headline")).toHaveText("AI-Powered Crypto Signals that Actually Work");
});

test("the example card is the newest settled signal as issued, dated in market time; never a typed one", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "example" });
  // Newest in market time of this run (other seeds sit in 2024), settled at its stop.
  const issued = Date.UTC(2025, 5, 17, 9);
  await withSql(async (sql) => {
    const { signalId } = await seedSignal(user.id, "AVAXUSDT", "SHORT", 0, {
      sql,
      marketTimeMs: issued,
      context: { ...SAMPLE_CONTEXT, side: "SHORT", venue: "perp", venue_label: "Binance USDT-M perpetual", p_tp: 0.1712, expected_r: 0.0311 },
    });
    await sql`update signals set outcome = 'SL_HIT', r_multiple = -1.08, outcome_at = now() where id = ${signalId}`;
  });
  await page.goto("/");
  const card = page.getByTestId("example-signal");
  await expect(card).toContainText("AVAXUSDT");
  await expect(card).toContainText("SHORT");
  await expect(card.getByTestId("example-issued")).toHaveText("1h · issued 2025-06-17 09:00 UTC market time (replay)");
  await expect(card.getByTestId("example-odds")).toHaveText("17.1% · +0.03R expected");
  await expect(card.getByTestId("example-outcome")).toHaveText("Outcome: Stop hit −1.08R after costs");
  await expect(card).not.toContainText("4H");
  await expect(card).not.toContainText("72%");
});

test("about shows the file's verdict first, then how it was measured, the baselines and the reliability diagram", async ({ page }) => {
  const file = readBacktest();
  // The page shows what the server read from the same file.
  const served = (await (await page.request.get("/api/public/track-record")).json()) as { backtest: Backtest };
  expect(served.backtest).toEqual(file);
  await page.goto("/about");
  const table = page.getByTestId("backtest-table");
  await expect(table).toContainText(`${file.pairs} pairs`);
  await expect(table.getByText("LONG/SHORT signals").locator("..")).toContainText(formatCount(file.signals));
  await expect(table).toContainText("Always LONG, same entries");
  await expect(table).toContainText("Ended in No Trade");
  const verdict = page.getByTestId("backtest-verdict");
  if (file.verdict) {
    // In plain words, above everything else, and never folded away when there is no edge.
    await expect(verdict.getByTestId("backtest-verdict-text")).toHaveText(file.verdict.text);
    await expect(verdict).toBeVisible();
    expect((await verdict.boundingBox())!.y).toBeLessThan((await table.boundingBox())!.y);
  } else {
    await expect(verdict).toHaveCount(0);
  }
  const bins = file.reliability ?? file.calibration ?? [];
  const chart = page.getByTestId("reliability-chart");
  if (bins.length) {
    await expect(chart).toBeVisible();
    await expect(chart.locator(".recharts-scatter-symbol")).toHaveCount(bins.length);
    await expect(chart.locator(".recharts-reference-line")).toHaveCount(1);
  } else {
    await expect(chart).toHaveCount(0);
  }
  // A report over several years reads year by year, beside the 7-day trend side on the same entries.
  const years = file.by_year ?? [];
  if (years.length) {
    const rows = page.getByTestId("backtest-by-year").getByRole("row");
    await expect(rows).toHaveCount(1 + years.length);
    await expect(rows.nth(1)).toContainText(String(years[0].year));
    await expect(rows.nth(1)).toContainText(formatCount(years[0].signals));
    await expect(table).toContainText("7-day trend side, same entries");
  }
  // A v4 report says what the signals earned beyond market direction, and quarter by quarter.
  const quarters = file.by_quarter ?? [];
  if (quarters.length) {
    const rows = page.getByTestId("backtest-by-quarter").getByRole("row");
    await expect(rows).toHaveCount(1 + quarters.length);
    await expect(rows.nth(1)).toContainText(quarters[0].quarter);
    await expect(rows.nth(1)).toContainText(formatCount(quarters[0].signals));
    await expect(page.getByTestId("backtest-excess")).toContainText(`${file.ci_block_days}-day blocks`);
    await expect(page.getByTestId("backtest-excess").getByRole("row")).toHaveCount(4);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.getByTestId("backtest-excess").screenshot({ path: `test-results/screens/about-excess-${width}.png` });
      await page.getByTestId("backtest-by-quarter").screenshot({ path: `test-results/screens/about-by-quarter-${width}.png` });
    }
  }
  // The drawdown reads as a share of the account at a stated risk per signal, never as the bare sum over all signals.
  if (file.max_drawdown_r !== undefined) {
    const dd = table.getByText("Worst drawdown").locator("..").locator("..");
    await expect(dd).toContainText("of the account");
    await expect(dd).toContainText("risking 0.01% of it on every signal");
    await expect(dd).toContainText(`${Number((file.max_drawdown_r * 0.01).toFixed(1))}% of the account`);
    await expect(dd).not.toContainText(`${file.max_drawdown_r.toFixed(1)}R`);
  }
  // A year table that jumps (2021 → 2024) says why: the months between are withheld.
  const months = (file.by_month ?? []).map((m) => m.month).sort();
  const jump = months.findIndex((m, i) => i > 0 && Number(m.slice(0, 4)) - Number(months[i - 1].slice(0, 4)) > 1);
  if (jump > 0)
    await expect(page.getByTestId("backtest-by-year")).toContainText(/No figures for \w{3} \d{4} – \w{3} \d{4}: those months are withheld/);
  await page.screenshot({ path: "test-results/screens/about-report-1440.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("backtest-report").screenshot({ path: "test-results/screens/about-report-390.png" });
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("a v2 report on About: verdict, intervals beside the baselines, scores, by month, reliability; the notes say no edge", async ({ page }) => {
  await serveV2(page);
  await page.goto("/about");
  const verdict = page.getByTestId("backtest-verdict");
  await expect(verdict.getByTestId("backtest-verdict-text")).toHaveText(V2_BACKTEST.verdict.text);
  await expect(verdict).toContainText(V2_BACKTEST.method);
  const table = page.getByTestId("backtest-table");
  await expect(table).toContainText("Mar 1, 2024 – Sep 5, 2024");
  await expect(table.getByText("LONG/SHORT signals").locator("..")).toContainText("2,651");
  const rate = page.getByTestId("backtest-sample").getByText("Signal rate").locator("xpath=..");
  await expect(rate).toContainText("1.85%");
  await expect(rate).toContainText("95% CI 1.21%–2.62%");
  const comparison = page.getByTestId("baseline-comparison");
  await expect(comparison.getByRole("row", { name: /Tradewind signals/ })).toContainText("37.0%");
  await expect(comparison.getByRole("row", { name: /Tradewind signals/ })).toContainText("−0.18R");
  await expect(comparison.getByRole("row", { name: /Tradewind signals/ })).toContainText("95% CI −0.35R to 0.00R");
  await expect(comparison.getByRole("row", { name: /Random direction/ })).toContainText("−0.10R");
  await expect(comparison.getByRole("row", { name: /Always LONG/ })).toContainText("−0.19R");
  const scores = page.getByTestId("backtest-scores");
  for (const text of ["0.64", "562.3R", "0.022 / 0.096", "−0.003", "−0.17R", "95% CI −0.31R to −0.02R"]) await expect(scores).toContainText(text);
  const months = page.getByTestId("backtest-by-month").getByRole("row");
  // A header row, then one per month (a row without a month is skipped); a month without signals shows no average.
  await expect(months).toHaveCount(1 + V2_BACKTEST.by_month.filter((m) => "month" in m).length);
  await expect(months.nth(3)).toContainText("May 2024");
  await expect(months.nth(3)).not.toContainText("0.00R");
  await expect(months.nth(1)).toContainText("Mar 2024");
  await expect(months.nth(1)).toContainText("656");
  const chart = page.getByTestId("reliability-chart");
  await expect(chart.locator(".recharts-scatter-symbol")).toHaveCount(V2_BACKTEST.reliability.length);
  await expect(chart.locator(".recharts-reference-line")).toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/about-v2-1440.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chart).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/about-v2-390.png", fullPage: true });
  await page.getByTestId("backtest-report").screenshot({ path: "test-results/screenshots/about-v2-390-report.png" });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto("/");
  const note = page.getByTestId("track-record");
  await expect(note).toContainText("No edge detected in out-of-fold testing");
  await expect(note).toContainText("Mar–Sep 2024, n = 2,651");
  await expect(note).not.toContainText("%");
  await page.goto("/pricing");
  await page.getByRole("button", { name: "How accurate are the signals?" }).click();
  await expect(page.getByText("No edge detected in out-of-fold testing (Mar–Sep 2024, n = 2,651).")).toBeVisible();
});

test("pricing lists the six packs with their markers", async ({ page }) => {
  await page.goto("/pricing");
  for (const name of ["FREE Test", "Trial Pack", "Starter Pack", "Standard Pack", "Pro Pack", "Ultimate Pack"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("plan-standard")).toContainText("POPULAR");
  await expect(page.getByTestId("plan-ultimate")).toContainText("BEST VALUE");
  await expect(page.getByTestId("plan-ultimate")).toContainText("$129.99");
  await page.getByTestId("plan-pro").getByRole("button").click();
  await expect(page).toHaveURL(/\/login$/);
});

test("contact form shows each validation message, then sends a ticket", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please choose a subject")).toBeVisible();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();

  await page.getByLabel("Name").fill("Ada Lovelace");
  await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
  await page.getByLabel("Email").fill("ada@example");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Subject").click();
  await page.getByRole("option", { name: "Credits & Refunds" }).click();
  await page.getByLabel("Message").fill("short");
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
  await page.getByLabel("Message").fill("My No Trade credit has not come back yet.");

  const response = page.waitForResponse((r) => r.url().endsWith("/api/support/contact"));
  await page.getByRole("button", { name: "Send Message" }).click();
  const body = (await (await response).json()) as { ticket_id: number };
  expect(body.ticket_id).toBeGreaterThan(0);
  const toast = page.getByRole("status").filter({ hasText: "Message Sent!" });
  await expect(toast).toContainText(`Your ticket ID: ${body.ticket_id}. Check your email for confirmation.`);
  // Name and e-mail stay for a follow-up; subject and message are cleared.
  await expect(page.getByLabel("Name")).toHaveValue("Ada Lovelace");
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
  await expect(page.getByLabel("Message")).toHaveValue("");
});

test("after one message is sent the subject is empty again and a second message sends", async ({ page }) => {
  // A visitor of its own: the per-IP contact limit is not shared with the other tests.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": randomIp() });
  await page.goto("/contact");
  const send = async (subject: string, message: string) => {
    await page.getByLabel("Subject").click();
    await page.getByRole("option", { name: subject }).click();
    await page.getByLabel("Message").fill(message);
    const response = page.waitForResponse((r) => r.url().endsWith("/api/support/contact"));
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await response).status()).toBe(200);
  };
  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example.com");
  await send("Credits & Refunds", "My first question about a refund.");
  // The cleared subject shows as cleared, not as the old choice the form no longer holds.
  await expect(page.getByLabel("Subject")).toHaveText("Choose a subject");
  await send("Credits & Refunds", "And a second question, about the same refund.");
  await expect(page.getByText("Please choose a subject")).toHaveCount(0);
  await expect(page.getByLabel("Subject")).toHaveText("Choose a subject");
});

test("a toast stays on its page: following a link closes it", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": randomIp() });
  // The page's clock, so the toast's own 5 s can be held still: only the navigation may close it.
  await page.clock.install();
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Alan Turing");
  await page.getByLabel("Email").fill("alan@example.com");
  await page.getByLabel("Subject").click();
  await page.getByRole("option", { name: "Credits & Refunds" }).click();
  await page.getByLabel("Message").fill("A question that gets a toast.");
  await page.getByRole("button", { name: "Send Message" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Message Sent!" });
  await expect(sent).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(sent).toHaveCount(0);
});

test("the legal pages show the operator's support e-mail and arbitration organisation once set, the spec's placeholders before", async ({ page }) => {
  // This app has neither set: the placeholders.
  await page.goto("/terms");
  await expect(page.getByTestId("support-email")).toHaveText("[support e-mail address to be published]");
  await expect(page.getByTestId("arbitration-organisation")).toHaveText("[arbitration organisation to be named]");
  // Spec 01's "Governing law: Georgia" kept word for word; which Georgia waits for GOVERNING_LAW.
  const law = page.locator("#law");
  await expect(law).toContainText("These terms are governed by the laws of Georgia [the country or the U.S. state to be stated].");
  // An operator who set SUPPORT_EMAIL, ARBITRATION_ORGANISATION and GOVERNING_LAW (answered by the route, as the server would).
  await page.route("**/api/public/legal", (route) =>
    route.fulfill({
      json: { support_email: "help@tradewind.example", arbitration_organisation: "Example Arbitration Centre", governing_law: "georgia-us-state" },
    }),
  );
  for (const path of ["/terms", "/privacy", "/risk"]) {
    await page.goto(path);
    await expect(page.getByTestId("support-email")).toHaveText("help@tradewind.example");
    await expect(page.getByTestId("support-email")).toHaveAttribute("href", "mailto:help@tradewind.example");
  }
  await page.goto("/terms");
  await expect(page.getByTestId("arbitration-organisation")).toHaveText("Example Arbitration Centre");
  await expect(law).toContainText("These terms are governed by the laws of Georgia (the U.S. state).");
  await expect(page.getByText("[support e-mail address to be published]")).toHaveCount(0);
});

test("'Still need help' scrolls back to the form", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: /Still need help/ }).click();
  await expect(page.getByLabel("Name")).toBeInViewport();
});

test("an unknown route shows the 404 page", async ({ page }) => {
  await page.goto("/no-such-page/here");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
});

for (const path of ["/dashboard", "/trading", "/start-trading", "/profile"]) {
  test(`${path} redirects to /login when signed out`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  });
}

test("route changes scroll to top and emit a page-view event", async ({ page }) => {
  // Listen from the first script on, so the initial page view is recorded too.
  await page.addInitScript(() => {
    const views: string[] = [];
    (window as unknown as { __views: string[] }).__views = views;
    window.addEventListener("tw:pageview", (e) => views.push((e as CustomEvent<{ path: string }>).detail.path));
  });
  await page.goto("/terms");
  await expect.poll(() => page.evaluate(() => (window as unknown as { __views: string[] }).__views)).toEqual(["/terms"]);
  await page.evaluate(() => window.scrollTo(0, 2000));
  await page.getByRole("contentinfo").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __views: string[] }).__views)).toEqual(["/terms", "/pricing"]);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("mobile side panel opens and navigates @mobile", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const panel = page.getByRole("dialog", { name: "Menu" });
  await expect(panel).toBeVisible();
  for (const label of ["Home", "About", "How It Works", "Pricing", "Contact", "Sign In", "Start Trading"]) {
    await expect(panel.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await panel.getByRole("link", { name: "How It Works" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("From a pair to a trade plan in four steps");
});

test("signed-out pages ask for no refresh and get no 4xx; the favicon is served", async ({ page }) => {
  const refreshes: string[] = [];
  const failures: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/refresh")) refreshes.push(r.url());
  });
  page.on("response", (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  for (const path of ["/", "/about", "/pricing", "/contact"]) {
    await page.goto(path);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
  }
  expect(refreshes).toEqual([]);
  expect(failures).toEqual([]);
  const icon = await page.request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/png");
  expect((await icon.body()).subarray(1, 4).toString()).toBe("PNG");
});
