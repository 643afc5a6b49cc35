// Accounts against spec 01: a call that gets no answer ends at the time limit with the spec's network text (Sign In,
// Create Account, Sign Out) instead of spinning; Remember Me forgets the e-mail as soon as it is unticked; the credit
// balance refetches when the window regains focus even while its cached answer is fresh.
import { expect, test, type Page } from "@playwright/test";
import { adjustCredits, registerUser, signIn, trustDevice, uniqueEmail } from "./helpers";

const NETWORK = "Network issue. Please check your connection and retry.";
const LIMIT_MS = 15_000;
const REMEMBER_KEY = "tw_remember_email";

/** Requests to `pattern` get no answer at all, as behind a dead proxy. */
const hang = (page: Page, pattern: string) => page.route(pattern, () => new Promise<void>(() => {}));

test("Sign In with no answer ends at the time limit with the network text", async ({ page }) => {
  await page.clock.install();
  await hang(page, "**/api/auth/login");
  await page.goto("/login");
  await page.getByLabel("Email").fill(uniqueEmail("hang"));
  await page.getByLabel("Password", { exact: true }).fill("Secret123!");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  await page.clock.runFor(LIMIT_MS);
  await expect(page.getByText(NETWORK, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
});

test("Create Account's code request with no answer ends with the network text", async ({ page }) => {
  await page.clock.install();
  await hang(page, "**/api/auth/send-code");
  await page.goto("/register");
  await page.getByLabel("Email").fill(uniqueEmail("hang"));
  await page.getByRole("button", { name: "Send code" }).click();
  await page.clock.runFor(LIMIT_MS);
  await expect(page.getByText(NETWORK, { exact: true })).toBeVisible();
});

test("Sign Out with no answer still signs this device out, and says the server was not reached", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "out" });
  await signIn(page, user);
  await page.clock.install();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome back");
  await hang(page, "**/api/auth/logout");
  await page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
  await page.clock.runFor(LIMIT_MS);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Signed out on this device", { exact: true })).toBeVisible();
  await expect(page.getByText(NETWORK, { exact: true })).toBeVisible();
});

test("Remember Me: the e-mail is kept when ticked and forgotten the moment it is unticked", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "remember" });
  await trustDevice(page, user);
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByText("Remember Me").click();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate((k) => localStorage.getItem(k), REMEMBER_KEY)).toBe(user.email);

  await page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  const remember = page.getByRole("checkbox", { name: "Remember Me" });
  await expect(remember).toBeChecked();
  await remember.click();
  await expect(remember).not.toBeChecked();
  // Gone at once, without signing in again.
  expect(await page.evaluate((k) => localStorage.getItem(k), REMEMBER_KEY)).toBeNull();
  await page.reload();
  await expect(page.getByLabel("Email")).toHaveValue("");
});

test("the credit balance refetches when the window regains focus, even while fresh", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "focus" });
  await signIn(page, user);
  await page.goto("/dashboard");
  const credits = page.getByTestId("dashboard-credits");
  await expect(credits).toContainText("1");
  await adjustCredits(user.id, 4);
  const balance = page.waitForResponse((r) => r.url().endsWith("/api/credits/balance"));
  // What the browser fires when the user comes back to the tab (TanStack's focus signal; it bubbles to window).
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await balance;
  await expect(credits).toContainText("5");
});
