// Profile alert channels in Chromium: register a webhook, see its secret once, send a test the local receiver verifies, see it in the log; card screenshots.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { registerUser, signIn } from "./helpers";

type Received = { body: string; signature: string; eventId: string };
const received: Received[] = [];
let receiver: Server;
let receiverUrl = "";

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({
        body,
        signature: String(req.headers["x-tradewind-signature"] ?? ""),
        eventId: String(req.headers["x-tradewind-event-id"] ?? ""),
      });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/tradewind`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const card = (page: Page, title: string) => page.locator("div.rounded-xl", { has: page.getByRole("button", { name: title, exact: true }) });

/** The card from the full page, so the sticky header never covers a card taller than the viewport. */
async function shoot(page: Page, locator: Locator, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await locator.boundingBox();
  if (!box) throw new Error(`nothing to capture for ${path}`);
  await page.screenshot({ path, fullPage: true, clip: box });
}

test("register a webhook, send a test, see the signed delivery in the log", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "hooks" });
  await signIn(page, user);
  await page.goto("/profile");
  const hooks = card(page, "Webhooks");
  await hooks.getByLabel("Endpoint URL").fill(receiverUrl);
  await hooks.getByRole("button", { name: "Add endpoint" }).click();
  const secret = (await hooks.getByTestId("webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  const row = hooks.getByTestId("webhook-row");
  await expect(row).toContainText(receiverUrl);
  await expect(row).toContainText(`…${secret.slice(-4)}`);

  await row.getByRole("button", { name: "Send test" }).click();
  const delivery = row.getByTestId("delivery-row").first();
  await expect(delivery).toContainText("ping", { timeout: 15_000 });
  await expect(delivery).toContainText("200");
  // The receiver got exactly what the log shows, signed with the secret the page showed once.
  expect(received).toHaveLength(1);
  const [hit] = received;
  const [t, v1] = hit.signature.split(",").map((p) => p.split("=")[1]);
  expect(createHmac("sha256", secret).update(`${t}.${hit.body}`).digest("hex")).toBe(v1);
  expect(JSON.parse(hit.body)).toMatchObject({ id: hit.eventId, type: "ping" });

  // The secret is gone after Done and a reload; the endpoint can be disabled.
  await hooks.getByRole("button", { name: "Done" }).click();
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);
  await card(page, "Webhooks").getByRole("button", { name: "Disable" }).click();
  await expect(card(page, "Webhooks").getByTestId("webhook-row")).toContainText("Disabled");

  // A private address is refused with the server's words.
  await card(page, "Webhooks").getByLabel("Endpoint URL").fill("http://10.0.0.1/hook");
  await card(page, "Webhooks").getByRole("button", { name: "Add endpoint" }).click();
  await expect(card(page, "Webhooks").getByRole("alert")).toContainText("private");
  // This app has no bot: no Telegram card to lead nowhere.
  await expect(page.getByRole("button", { name: "Telegram", exact: true })).toHaveCount(0);
});

// Both cards at 1440 and 390 px (test-results/screens/); the Telegram states a bot would give are answered by the route.
for (const width of [1440, 390]) {
  test(`webhooks and telegram cards at ${width}px`, async ({ page, request }) => {
    const user = await registerUser(request, { tag: "hookshot" });
    await signIn(page, user);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    let linked = false;
    await page.route("**/api/telegram", (route) =>
      route.fulfill({
        json: {
          configured: true,
          bot_username: "TradewindAlertsBot",
          linked,
          chat: linked ? { username: "ada_trades", first_name: "Ada", linked_at: new Date().toISOString() } : null,
        },
      }),
    );
    await page.goto("/profile");
    const hooks = card(page, "Webhooks");
    await hooks.getByLabel("Endpoint URL").fill(receiverUrl);
    await hooks.getByRole("button", { name: "Add endpoint" }).click();
    await hooks.getByTestId("webhook-row").getByRole("button", { name: "Send test" }).click();
    await expect(hooks.getByTestId("delivery-row").first()).toContainText("200", { timeout: 15_000 });
    // The "Test event sent" toast would sit over the log.
    await expect(page.getByText("Test event sent")).toHaveCount(0, { timeout: 15_000 });
    await shoot(page, hooks, `test-results/screens/webhooks-card-${width}.png`);
    const telegram = card(page, "Telegram");
    await expect(telegram.getByRole("button", { name: "Link Telegram" })).toBeVisible();
    await shoot(page, telegram, `test-results/screens/telegram-card-${width}.png`);
    linked = true;
    await page.reload();
    await expect(card(page, "Telegram")).toContainText("Alerts go to @ada_trades");
    await shoot(page, card(page, "Telegram"), `test-results/screens/telegram-linked-${width}.png`);
  });
}
