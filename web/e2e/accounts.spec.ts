// Accounts in a real browser: registration with the mailed code, new-device login, reset link, password change,
// remote session logout and cross-tab sign-out. Codes and links are read from the dev mailbox (GET /api/dev/mailbox).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { codeIn, newestMail, PASSWORD, registerUser, uniqueEmail, trustDevice } from "./helpers";

const unique = uniqueEmail;

/** An account made through the API, trusted on `deviceId`. */
const registerViaApi = (request: APIRequestContext, deviceId: string) => registerUser(request, { deviceId, firstName: "Edsger" });

async function signInUi(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("registration with the mailed code, then the login banner and sign-in", async ({ page, request }) => {
  const email = unique("reg");
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("button", { name: /Resend in 0:5\d|Resend in 1:00/ })).toBeDisabled();
  const code = codeIn(await newestMail(request, email));
  // A reload forgets the page, not the server's cooldown: sending again shows the wait as a countdown, not an error.
  await page.reload();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("button", { name: /Resend in 0:[0-5]\d/ })).toBeDisabled();
  await expect(page.getByText("A code was sent to this e-mail a moment ago.")).toBeVisible();
  await expect(page.getByText(/Too many/)).toHaveCount(0);
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByText("Email verified.")).toBeVisible();
  await page.getByLabel("First name").fill("Barbara");
  await page.getByLabel("Last name").fill("Liskov");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toHaveText("I must agree to the Terms of Use.");
  const form = page.locator("form");
  await expect(form.getByRole("link", { name: "Terms of Use" })).toHaveAttribute("href", "/terms");
  await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(form.getByRole("link", { name: "Risk Disclosure" })).toHaveAttribute("href", "/risk");
  await page.locator("#ack-terms").click();
  await page.locator("#ack-privacy").click();
  await page.locator("#ack-risk").click();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("You have successfully registered")).toBeVisible();
  await expect(page.getByText("You have successfully registered")).toBeHidden({ timeout: 5000 });
  // The account just made is the one that signs in: its e-mail is already there.
  await expect(page.getByLabel("Email")).toHaveValue(email);
  // The registering browser is trusted, so no device code is asked.
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("login from a new device through the six-digit panel; a wrong code is refused", async ({ page, request }) => {
  const { email } = await registerViaApi(request, "registered-elsewhere");
  await signInUi(page, email);
  const panel = page.getByLabel("Device verification");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: /Resend in [12]:\d\d/ })).toBeDisabled();
  const verify = panel.getByRole("button", { name: "Verify", exact: true });
  await expect(verify).toBeDisabled();
  const code = codeIn(await newestMail(request, email));
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(wrong);
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(panel.getByText("Please check the 6 digits and try again.")).toBeVisible();
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(code);
  await verify.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("forgot password sends a link that resets the password", async ({ page, request }) => {
  const { email, deviceId } = await registerViaApi(request, "dev-reset-" + Date.now());
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("not-an-email");
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If the email exists, a reset link has been sent.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Try again in 0:[23]\d/ })).toBeDisabled();

  const link = (await newestMail(request, email, "Reset your Tradewind password")).match(/https?:\/\/\S+\/reset-password\/([\w-]+)/)!;
  await page.goto(`/reset-password/${link[1]}`);
  await page.getByLabel("New password").fill("Fresh9Pass");
  await page.getByLabel("Confirm password").fill("Fresh9Pass");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Password reset successful")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The confirmation is still there on the page the trader lands on, not only for the 1.2 s before it.
  await expect(page.getByRole("status").filter({ hasText: "Password reset successful" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email.toLowerCase());
  // The reset withdrew every browser's device trust, the registering one's included: a code is needed again.
  const login = await request.post("/api/auth/login", { data: { email, password: "Fresh9Pass", device_id: deviceId } });
  expect(login.status()).toBe(401);
  expect((await login.json()).requires_otp).toBe(true);

  await page.goto("/reset-password");
  await expect(page.getByRole("heading", { name: "Invalid reset link" })).toBeVisible();
  await expect(page.getByText("The link is missing or malformed.")).toBeVisible();
});

test("a deep link to a signed-in page returns there after sign-in", async ({ page, request }) => {
  const user = await registerViaApi(request, "dev-deep-" + Date.now());
  await trustDevice(page, user);
  await page.goto("/profile?tab=sessions");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?tab=sessions$/);
  // Read-only names and e-mail (spec 01 §3) read as text, not as inputs that look editable.
  await expect(page.getByTestId("pi-email")).toHaveText(user.email);
  await expect(page.getByTestId("pi-first")).toHaveText("Edsger");
  for (const name of ["First name", "Last name", "Email"]) await expect(page.getByRole("textbox", { name })).toHaveCount(0);
});

test("password change on the profile, then sign-out to /login", async ({ page, request }) => {
  const user = await registerViaApi(request, "dev-change-" + Date.now());
  const { email } = user;
  await trustDevice(page, user);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile");
  await expect(page.getByTestId("pi-email")).toHaveText(email);
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByLabel("Current password").fill("Wrong123!");
  await page.getByLabel("New password", { exact: true }).fill("Changed9Pass");
  await page.getByLabel("Confirm new password").fill("Changed9Pass");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is incorrect. Please check your password and try again.")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password has been successfully changed.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  // The change ended this browser's device trust too: the next sign-in proves the mailbox.
  await signInUi(page, email, "Changed9Pass");
  await expect(page.getByLabel("Device verification")).toBeVisible();
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(codeIn(await newestMail(request, email, "Your Tradewind sign-in code")));
  await page.getByLabel("Device verification").getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("revoking another session from the profile signs that device out", async ({ page, request }) => {
  const user = await registerViaApi(request, "dev-revoke-" + Date.now());
  const { email, deviceId } = user;
  // A second session from the API context (it registered the account, so its device-trust cookie lets it in).
  const other = await request.post("/api/auth/login", { data: { email, password: PASSWORD, device_id: deviceId + "-api" } });
  expect(other.status()).toBe(200);
  const { access_token: otherToken } = await other.json();

  await trustDevice(page, user);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile");
  await page.getByLabel("Show all sessions (not only one per device)").click();
  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  await expect(rows.first()).toContainText("Local network");
  const otherRow = rows.filter({ hasNotText: "This device" });
  await otherRow.getByRole("button", { name: /Logout/ }).click();
  await expect(page.getByRole("dialog", { name: "Log Out Device" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Log Out Device" }).click();
  await expect(rows).toHaveCount(1);
  const res = await request.get("/api/user/profile", { headers: { authorization: `Bearer ${otherToken}` } });
  expect(res.status()).toBe(401);
});

test("signing out in one tab signs out the other tab", async ({ browser, request }) => {
  const user = await registerViaApi(request, "dev-tabs-" + Date.now());
  const { email } = user;
  const context = await browser.newContext();
  const first = await context.newPage();
  await trustDevice(first, user);
  await signInUi(first, email);
  await expect(first).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto("/profile");
  await expect(second.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await first.goto("/profile");
  await expect(first.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  // The Account Actions button (with its confirmation), not the navigation's direct Sign Out.
  await first.locator("#main").getByRole("button", { name: "Sign Out" }).click();
  await first.getByRole("dialog").getByRole("button", { name: "Sign Out" }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  await context.close();
});

test("a browser that proved the mailbox once signs in again after sign-out without a code; the owner can remove it", async ({ page, request }) => {
  const user = await registerViaApi(request, "dev-keep-" + Date.now());
  // A new browser: the first sign-in asks for the e-mail code.
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Remember Me").check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByLabel("Device verification")).toBeVisible();
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(codeIn(await newestMail(request, user.email, "Your Tradewind sign-in code")));
  await page.getByLabel("Device verification").getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInUi(page, user.email);
  // Same browser: no code this time.
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/profile");
  const list = page.getByRole("list", { name: "Trusted browsers" });
  const mine = list.getByTestId("trusted-browser-row").filter({ hasText: "This browser" });
  await expect(mine).toHaveCount(1);
  await mine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/item7-trusted-browsers-1440.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await mine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/item7-trusted-browsers-390.png" });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Removed: the next sign-in here proves the mailbox again.
  await mine.getByRole("button", { name: /^Remove / }).click();
  await expect(page.getByText("Browser removed", { exact: true })).toBeVisible();
  await expect(mine).toHaveCount(0);
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInUi(page, user.email);
  await expect(page.getByLabel("Device verification")).toBeVisible();
});
