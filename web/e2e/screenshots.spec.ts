// Full-page screenshots of home, about, pricing and contact at 1440 and 390 px for visual review (test-results/screenshots/),
// and of the signed-in screens below (test-results/screens/).
import { expect, test } from "@playwright/test";
import { registerUser, signIn } from "./helpers";
import { seedRunning, seedSignals } from "./seeds";

const PAGES = ["home:/", "about:/about", "pricing:/pricing", "contact:/contact"];
/** What a page shows once its data answered: the about-390 shot was taken with no report, model card or ledger root yet. */
const READY: Record<string, string[]> = {
  home: ["example-signal"],
  about: ["backtest-report", "model-record"],
};
const WIDTHS = [1440, 390];

// Runs in the desktop project only; each test sets its own width.
test.describe("screenshots", () => {
  for (const width of WIDTHS) {
    for (const entry of PAGES) {
      const [name, path] = entry.split(":");
      test(`${name} at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        // About's ledger footer reads the same before its answer as with no root at all: wait for the answer itself.
        const roots = name === "about" ? page.waitForResponse((r) => r.url().includes("/api/public/ledger/roots")) : null;
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        for (const id of READY[name] ?? []) await expect(page.getByTestId(id)).toBeVisible();
        await roots;
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
      });
    }
  }
});

// The reliability diagram alone (About), where a phone's width is tightest for its axis labels and dots.
for (const width of WIDTHS) {
  test(`reliability chart at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto("/about");
    const chart = page.getByTestId("reliability-chart");
    await chart.locator("circle").first().waitFor();
    await chart.screenshot({ path: `test-results/screens/reliability-chart-${width}.png` });
  });
}

// Signed-in screens for review (test-results/screens/): the pair combobox with replay-only pairs, the paged signals
// table, and the running-analyses cap notice, each at 1440 and 390 px.
test.describe("signed-in screens", () => {
  const SCREENS = "test-results/screens";
  const size = (width: number) => ({ width, height: width > 800 ? 900 : 844 });

  for (const width of WIDTHS) {
    test(`pair combobox with replay-only pairs at ${width}px`, async ({ page, request }) => {
      const user = await registerUser(request, { tag: "shot" });
      await signIn(page, user);
      await page.setViewportSize(size(width));
      await page.goto("/start-trading");
      const box = page.getByRole("combobox", { name: "Trading pair" });
      await box.click();
      // "PE": PEPE and PENDLE have 2024 candles, PENGU (listed since) does not; the list shows both kinds together.
      await box.fill("PE");
      await expect(page.getByRole("option", { name: /^PENGUUSDT/ })).toHaveAttribute("data-unavailable", "true");
      await page.screenshot({ path: `${SCREENS}/combobox-replay-only-${width}.png` });
    });

    test(`paged signals table at ${width}px`, async ({ page, request }) => {
      const user = await registerUser(request, { tag: "shot", firstName: "Grace" });
      await seedSignals(user.id, 62);
      await signIn(page, user);
      await page.setViewportSize(size(width));
      // The second page is held until the first picture is taken, so it shows the table mid-paging.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/signals\/\?.*cursor=\d+/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/dashboard");
      await page.getByRole("heading", { name: /^Signals/ }).scrollIntoViewIfNeeded();
      await expect(page.getByTestId("signals-shown")).toHaveText("Showing 50 of 62");
      await page.screenshot({ path: `${SCREENS}/signals-paged-top-${width}.png` });
      const foot = page.getByTestId("signals-foot");
      await foot.scrollIntoViewIfNeeded();
      await expect(foot.getByText("Loading…")).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/signals-paged-loading-${width}.png` });
      release();
      await expect(page.getByTestId("signals-shown")).toHaveText("Showing 62 of 62");
      await foot.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/signals-paged-${width}.png` });
    });

    test(`running-analyses cap notice at ${width}px`, async ({ page, request }) => {
      const user = await registerUser(request, { tag: "shot" });
      await seedRunning(user.id, 3);
      await signIn(page, user);
      await page.setViewportSize(size(width));
      await page.goto("/start-trading");
      await page.getByRole("combobox", { name: "Trading pair" }).fill("BTCUSDT");
      await page.getByRole("combobox", { name: "Trading pair" }).press("Escape");
      await expect(page.getByTestId("running-cap")).toBeVisible();
      await expect(page.getByTestId("live-analysis")).toHaveCount(3);
      await page.getByTestId("running-cap").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/running-cap-${width}.png` });
    });
  }
});
