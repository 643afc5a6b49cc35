// Full-page screenshots of home, about, pricing and contact at 1440 and 390 px for visual review (test-results/screenshots/).
import { test } from "@playwright/test";

const PAGES = ["home:/", "about:/about", "pricing:/pricing", "contact:/contact"];
const WIDTHS = [1440, 390];

// Runs in the desktop project only; each test sets its own width.
test.describe("screenshots", () => {
  for (const width of WIDTHS) {
    for (const entry of PAGES) {
      const [name, path] = entry.split(":");
      test(`${name} at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
      });
    }
  }
});
