// The dashboard on a phone (issue 24 #16): the trader's own signals and live analyses first, the stat cards after them,
// the market panel last and folded until asked for; on a wide screen the spec's order stays. Screenshots at 390 and 1440.
import { expect, type Page, test } from "@playwright/test";
import { registerUser, signIn } from "./helpers";
import { seedRunning, seedSignals } from "./seeds";

const SCREENS = "test-results/screens";

const top = async (page: Page, testIdOrHeading: { heading?: RegExp; testId?: string }) => {
  const loc = testIdOrHeading.heading ? page.getByRole("heading", { name: testIdOrHeading.heading }) : page.getByTestId(testIdOrHeading.testId!);
  return (await loc.first().boundingBox())?.y ?? Number.NaN;
};

async function signedInWithSignals(page: Page, request: Parameters<typeof registerUser>[0]) {
  const user = await registerUser(request, { tag: "dash-mobile", firstName: "Grace" });
  await seedSignals(user.id, 4);
  await seedRunning(user.id, 1);
  await signIn(page, user);
  await page.goto("/dashboard");
  await expect(page.getByTestId("signals-total")).not.toHaveText("");
}

test("phone: own signals and live analyses first, then stat cards, the market panel last and folded @mobile", async ({ page, request }) => {
  await signedInWithSignals(page, request);
  // Four signals and the running analysis, one card each.
  await expect(page.getByTestId("signal-card")).toHaveCount(5);
  // The live analysis and the signals are on the first screen, before any market widget.
  await expect(page.getByText("LIVE", { exact: true }).first()).toBeInViewport();
  const signalsY = await top(page, { heading: /^Signals/ });
  expect(signalsY).toBeLessThan(844);
  expect(signalsY).toBeLessThan(await top(page, { testId: "stat-total" }));
  expect(await top(page, { testId: "stat-total" })).toBeLessThan(await top(page, { heading: /^Market/ }));

  const fold = page.getByRole("button", { name: /^Market/ });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("health-status")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/dashboard-phone-390.png` });
  await page.screenshot({ path: `${SCREENS}/dashboard-phone-full-390.png`, fullPage: true });

  await fold.click();
  await expect(fold).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("health-status")).toBeVisible();
  await fold.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/dashboard-phone-market-open-390.png` });
  await fold.click();
  await expect(page.getByTestId("health-status")).toHaveCount(0);
});

test("wide screen: the spec's order (market panel open above the stat cards and the signals), no fold", async ({ page, request }) => {
  await signedInWithSignals(page, request);
  await expect(page.getByTestId("health-status")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Market/ })).toHaveCount(0);
  expect(await top(page, { heading: /^Market/ })).toBeLessThan(await top(page, { testId: "stat-total" }));
  expect(await top(page, { testId: "stat-total" })).toBeLessThan(await top(page, { heading: /^Signals/ }));
  await page.screenshot({ path: `${SCREENS}/dashboard-wide-1440.png`, fullPage: true });
});
