// Alerts in Chromium: a bought OPEN signal resolved through the tracker's core helper reaches the open app as a toast and
// as an unread line in the bell's list; the preferences grid saves; "Enable push on this device" registers the service
// worker and saves the subscription (PushManager.subscribe is stood in: offline, Chromium reaches no push service).
import { expect, type Page, test } from "@playwright/test";
import { recordSignalOutcome } from "../../core/alerts/alerts";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { registerUser, signIn, type TestUser, withSql } from "./helpers";

const SHOTS = "test-results/screens";

/** Opens /profile (the one signed-in page with no market socket) and waits until the alerts socket is authenticated. */
async function openProfile(page: Page) {
  const socket = page.waitForEvent("websocket");
  await page.goto("/profile");
  const ws = await socket;
  await ws.waitForEvent("framereceived", { predicate: (f) => String(f.payload).includes('"authenticated"'), timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Alerts", exact: true })).toBeVisible();
}

async function boughtSignalHitsTarget(user: TestUser) {
  await withSql(async (sql) => {
    const { signalId } = await seedSignal(user.id, "BTCUSDT", "LONG", 0.05, { sql });
    // The tracker's own write: outcome and alert event in one transaction.
    expect(await recordSignalOutcome(sql, signalId, { outcome: "TP_HIT", closedAtMarketMs: 1717203600000, rMultiple: 1.85 })).toBe(true);
  });
}

test("a resolved bought signal shows a toast, an unread count and a line in the alert list; the grid saves", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "alerts" });
  await signIn(page, user);
  await openProfile(page);
  await expect(page.getByRole("button", { name: "Alerts", exact: true })).toBeVisible();

  await boughtSignalHitsTarget(user);
  await expect(page.getByText("BTCUSDT LONG · Take profit hit", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Result +1.85R after costs.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("alerts-unread")).toHaveText("1");

  await page.getByRole("button", { name: "Alerts, 1 unread" }).click();
  const list = page.getByRole("list", { name: "Alerts" });
  const line = list.getByRole("listitem").first();
  await expect(line).toContainText("BTCUSDT");
  await expect(line).toContainText("LONG");
  await expect(line).toContainText("Take profit hit");
  await expect(line).toContainText("+1.85R");
  await expect(line).toContainText("just now");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/alerts-list-${width}.png` });
  }
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByTestId("alerts-unread")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The e-mail for it went out too (outbox): subject with pair, side, stage and R.
  await expect
    .poll(async () =>
      (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(user.email)}`)).json()).map((m: { subject: string }) => m.subject),
    )
    .toContain("BTCUSDT LONG · Take profit hit (+1.85R)");

  // The grid: e-mail for an issued signal is on by default; turning it off survives a reload.
  await page.setViewportSize({ width: 1440, height: 900 });
  const cell = page.getByRole("checkbox", { name: "E-mail: Signal issued" });
  await expect(cell).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/alerts/preferences") && r.request().method() === "PUT");
  // A click, not check(): the toggle is a controlled input that flips once the mutation's optimistic update renders.
  await cell.click();
  await expect(cell).not.toBeChecked();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "E-mail: Signal issued" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "In-app: Take profit hit" })).toBeChecked();
  // Nothing would arrive by webhook (no endpoint) or Telegram (no bot on this server): not shown as on.
  await expect(page.getByRole("checkbox", { name: "Webhook: Signal issued" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Webhook: Signal issued" })).toBeDisabled();
  await expect(page.getByText("Add an endpoint under Webhooks")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Telegram: Signal issued" })).toHaveCount(0);
});

test("enable push on this device: service worker registered, subscription saved, push turned on", async ({ page, context, request }) => {
  const user = await registerUser(request, { tag: "push" });
  await context.grantPermissions(["notifications"]);
  const endpoint = `http://127.0.0.1:9/push/e2e-${user.id}`;
  // Chromium's PushManager needs Google's push service, which an offline run cannot reach: subscribe() answers a
  // subscription shaped as the browser's would be; everything around it (permission, worker, save) is the app's own.
  await page.addInitScript((endpoint) => {
    PushManager.prototype.subscribe = async () => {
      const json = {
        endpoint,
        expirationTime: null,
        keys: { p256dh: "BOr5Zq1M1Xk0Yw2P4t8Rz6n9V3c7Qx2Lb8Hf5Jd1Kg4Ns6Tp0Uy3We7Ia9Ox2Mv5Rz8Cb1Dn4Eq7Fh0Gj3Kl6Po9", auth: "k3T0aB9xQe2Rw5Yz8Uv1Iw" },
      };
      return { endpoint, toJSON: () => json, unsubscribe: async () => true } as unknown as PushSubscription;
    };
  }, endpoint);
  await signIn(page, user);
  await openProfile(page);
  await page.getByRole("button", { name: "Enable push on this device" }).click();
  await expect(page.getByText("Push alerts are on for this device.")).toBeVisible();
  await expect(page.getByText("1 device subscribed.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Push: Stop loss hit" })).toBeChecked();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.scope ?? null);
  expect(scope).toBe(new URL("/", page.url()).href);
  const saved = await withSql((sql) => sql`select endpoint from push_subscriptions where user_id = ${user.id}`);
  expect(saved.map((r) => r.endpoint)).toEqual([endpoint]);
  // The worker and the manifest are served under the app's CSP, which allows both from our origin only.
  const sw = await request.get("/sw.js");
  expect(sw.headers()["content-type"]).toContain("javascript");
  expect(sw.headers()["content-security-policy"]).toContain("worker-src 'self'");
  expect((await (await request.get("/manifest.webmanifest")).json()).icons.length).toBeGreaterThan(1);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.locator("#alerts").scrollIntoViewIfNeeded();
    await page.locator("#alerts").screenshot({ path: `${SHOTS}/alerts-card-${width}.png` });
  }
});
