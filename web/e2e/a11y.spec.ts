// Accessibility of the public and signed-in pages with axe-core (WCAG 2.1 A/AA rules), in the real browser.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { registerUser, signIn } from "./helpers";

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

for (const path of ["/", "/about", "/how-it-works", "/pricing", "/contact", "/login", "/register", "/forgot-password", "/privacy", "/nope"]) {
  test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
  });
}

test("signed-in pages have no WCAG A/AA violations", async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await registerUser(request, { tag: "a11y" });
  await signIn(page, user);
  for (const [path, ready] of [
    ["/dashboard", "Welcome back"],
    ["/start-trading", "AI Trading Analysis"],
    ["/profile", "Profile Settings"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
  }
});
