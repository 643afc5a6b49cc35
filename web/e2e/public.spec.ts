// Public pages in a real browser: titles, contact validation and submission, 404, mobile menu, auth gate.
import { expect, test } from "@playwright/test";

const PAGES: { path: string; title: string | RegExp }[] = [
  { path: "/", title: "AI-Powered Crypto Signals that Actually Work" },
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
  // The figure shown is the stored measurement (the backtest until enough live signals have closed), with its sample.
  const record = (await (await page.request.get("/api/public/track-record")).json()) as { backtest: { sample_size: number } };
  await expect(page.getByTestId("track-record")).toContainText(`${record.backtest.sample_size} signals`);
  await expect(page.getByTestId("track-record")).toContainText("out-of-sample backtest");
  await expect(page.locator("body")).not.toContainText("94.2");
});

test("about shows how the figure was measured, with the baselines it is compared with", async ({ page }) => {
  const record = (await (await page.request.get("/api/public/track-record")).json()) as { backtest: { signals: number; pairs: number } };
  await page.goto("/about");
  const table = page.getByTestId("backtest-table");
  await expect(table).toContainText(`${record.backtest.pairs} pairs`);
  await expect(table.getByText("LONG/SHORT signals").locator("..")).toContainText(String(record.backtest.signals));
  await expect(table).toContainText("Always LONG, same entries");
  await expect(table).toContainText("Ended in No Trade");
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
