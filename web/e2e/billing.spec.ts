// Buying credits in the browser against the local Stripe stand-in: pricing → hosted checkout → success page → balance,
// pushed to a second tab; the refund from the purchase history; a cancelled checkout. Screens at 1440 and 390 px.
import { expect, type Page, test } from "@playwright/test";
import { registerUser, signIn, trustDevice, withSql } from "./helpers";

const SCREENS = "test-results/screens";
const STRIPE = process.env.E2E_STRIPE_BASE ?? "";
/** The stand-in holds its webhook events until released: the success page is seen before the credits arrive. */
const stripeControl = (page: Page, what: "hold" | "release") => page.request.post(`${STRIPE}/_control/${what}`);

async function choosePack(page: Page, name: string) {
  await page.goto("/pricing");
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name }) })
    .getByRole("button", { name: "Choose Plan" })
    .click();
  await page.waitForURL(`${STRIPE}/pay/**`);
}

for (const width of [1440, 390]) {
  test(`buying a pack at ${width}px: checkout, credits on the way, credits added, pushed to a second tab`, async ({ page, request, context }) => {
    const user = await registerUser(request, { tag: "buy" });
    await signIn(page, user);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const other = await context.newPage();
    await other.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    // The second tab shows the balance on the profile's footer line at every width.
    await other.goto("/profile");
    await expect(other.getByText("1 credit available")).toBeVisible();

    await page.goto("/pricing");
    await expect(page.getByRole("heading", { name: "Standard Pack" })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/pricing-checkout-${width}.png`, fullPage: width > 800 });
    await stripeControl(page, "hold");
    await choosePack(page, "Standard Pack");
    await expect(page.getByText("35.99 USD")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/billing\/success\?session_id=cs_/);
    await expect(page.getByRole("heading", { name: "Payment received, credits on the way" })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/checkout-success-waiting-${width}.png` });

    await stripeControl(page, "release");
    await expect(page.getByRole("heading", { name: "Credits added" })).toBeVisible();
    await expect(page.getByTestId("checkout-balance")).toHaveText("13 credits");
    await page.screenshot({ path: `${SCREENS}/checkout-success-credited-${width}.png` });
    // The other tab learns it from the push, without a reload.
    await expect(other.getByText("13 credits available")).toBeVisible();
  });
}

test("the refund of a pack from the purchase history: quote, confirmation, credits leave when Stripe confirms", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "refund" });
  await signIn(page, user);
  for (let i = 0; i < 2; i++) {
    await choosePack(page, "Trial Pack");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Credits added" })).toBeVisible();
  }
  await page.goto("/profile");
  const rows = page.getByRole("list", { name: "Purchase history" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  const newest = rows.first();
  await expect(newest.getByTestId("purchase-status")).toHaveText("Paid");
  await expect(newest.getByRole("link", { name: "Receipt" })).toHaveAttribute("href", new RegExp(`^${STRIPE}/receipts/pi_`));
  await newest.getByRole("button", { name: "Request refund" }).click();
  await expect(newest).toContainText("Refund $9.99 for 3 unused credits?");
  await newest.getByRole("button", { name: "Confirm refund" }).click();
  // The credits leave when the stand-in's charge.refunded reaches the app; the push refreshes the page.
  await expect(newest.getByTestId("purchase-status")).toHaveText("Refunded · $9.99 for 3 credits");
  await expect(page.getByText("4 credits available")).toBeVisible();
  await expect(rows.nth(1)).toContainText("$9.99 for 3 unused credits");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.getByRole("heading", { name: "Purchases" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/purchase-history-refund-${width}.png` });
  }
});

test("a cancelled checkout returns to pricing with a note and charges nothing", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "cancel" });
  await signIn(page, user);
  await choosePack(page, "Pro Pack");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(/\/pricing\?checkout=cancelled/);
  await expect(page.getByRole("status")).toContainText("Checkout cancelled. Nothing was charged");
  const rows = await withSql(
    (sql) => sql`select credits, (select count(*) from purchases where user_id = ${user.id})::int as n from users where id = ${user.id}`,
  );
  expect({ ...rows[0] }).toEqual({ credits: 1, n: 1 });
  expect((await withSql((sql) => sql`select status from purchases where user_id = ${user.id}`))[0].status).toBe("PENDING");
  // With checkout on, the Contact FAQ says what Pricing does.
  await page.goto("/contact");
  await page.getByRole("button", { name: "What happens if I run out of credits?" }).click();
  await expect(page.getByText("Buy a credit pack on the Pricing page at any time.")).toBeVisible();
});

for (const width of [1440, 390]) {
  test(`with Stripe unconfigured (the config the server then answers) choosing a pack says coming soon and starts no checkout, at ${width}px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // An app without STRIPE_* answers exactly this (server/src/modules/billing/billing.test.ts asserts it).
    await page.route("**/api/billing/config", (route) => route.fulfill({ json: { enabled: false } }));
    const checkouts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/billing/checkout")) checkouts.push(r.url());
    });
    const user = await registerUser(request, { tag: `unconfigured-${width}` });
    await signIn(page, user);
    await page.goto("/pricing");
    await expect(page.getByText("Pay by card on Stripe's secure checkout")).toHaveCount(0);
    const pro = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Pro Pack" }) });
    await pro.getByRole("button", { name: "Choose Plan" }).click();
    await expect(page.getByRole("alert")).toContainText("Payment integration is coming soon. Your selected pack is noted");
    // On a phone the notice sits above the packs: it is brought into view, not left screens away from the tap.
    await expect(page.getByRole("alert")).toBeInViewport();
    await expect(pro.getByRole("button", { name: "Selected" })).toHaveCount(1);
    await page.screenshot({ path: `${SCREENS}/pricing-unconfigured-${width}.png` });
    expect(page.url()).toMatch(/\/pricing$/);
    expect(checkouts).toEqual([]);
    const rows = await withSql((sql) => sql`select count(*)::int as n from purchases where user_id = ${user.id}`);
    expect(rows[0].n).toBe(0);
  });
}

test("without a payment provider the profile lists no payment methods, never sample cards", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "nocards" });
  // The browser-test app runs the Stripe stand-in; the answer a `bun dev` without Stripe keys gives is served instead.
  await page.route("**/api/billing/config", (route) => route.fulfill({ json: { enabled: false } }));
  await signIn(page, user);
  await page.goto("/profile");
  await page.getByRole("button", { name: /Payment Methods/ }).click();
  await expect(page.getByTestId("no-payment-methods")).toBeVisible();
  await expect(page.locator("body")).not.toContainText("4242");
  await expect(page.locator("body")).not.toContainText("•••• ");
  await expect(page.getByRole("button", { name: "Add New Method" })).toHaveCount(0);
});

for (const width of [1440, 390]) {
  test(`signed out at ${width}px: Choose Plan → sign in → checkout of the same pack`, async ({ page, request }) => {
    const user = await registerUser(request, { tag: "resume" });
    await trustDevice(page, user);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto("/pricing");
    const choose = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "Pro Pack" }) })
      .getByRole("button", { name: "Choose Plan" });
    // The page, not its loading state (the shot was taken before the lazy page had rendered).
    await expect(choose).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/path-1-pricing-${width}.png`, fullPage: width > 800 });
    await choose.click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.screenshot({ path: `${SCREENS}/path-2-sign-in-${width}.png` });
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // Back on Pricing, the pack chosen before signing in goes to checkout (69.99 USD is the Pro Pack's price).
    await page.waitForURL(`${STRIPE}/pay/**`);
    await expect(page.getByText("69.99 USD")).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/path-3-checkout-${width}.png` });
  });
}
