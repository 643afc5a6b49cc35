// The Content-Security-Policy in a real browser: the landing page, the sign-in page and the signed-in dashboard (with
// a Radix dialog open, the one thing that injects a style element) run without a single CSP violation; the document
// and its script bundle both arrive with the policy and the other security headers.
import { expect, test, type Page, type Response } from "@playwright/test";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { SAMPLE_CONTEXT } from "../src/lib/test-signal-context";
import { registerUser, signIn, withSql } from "./helpers";

type Violation = { directive: string; blocked: string; sample: string; source: string };

/** Collects `securitypolicyviolation` events (page side) and the browser's CSP console errors from the first byte. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) consoleErrors.push(`console ${msg.type()}: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __csp: Violation[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      }),
    );
  });
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);
    return [...events.map((v) => `${v.directive} blocked ${v.blocked || "inline"} at ${v.source} ${v.sample}`.trim()), ...consoleErrors];
  };
}

function expectSecurityHeaders(response: Response | null, what: string) {
  expect(response, what).not.toBeNull();
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${what}: content-security-policy`).toContain("default-src 'self'");
  expect(csp, `${what}: script-src`).toMatch(/script-src 'self'(;|$)/);
  expect(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: object-src`).toContain("object-src 'none'");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
}

/** Opens `path`, waits for the app to settle, checks the document's and the script bundle's headers. */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const scripts: Response[] = [];
  const onResponse = (r: Response) => {
    if (r.request().resourceType() === "script" && new URL(r.url()).origin === new URL(page.url() || r.url()).origin) scripts.push(r);
  };
  page.on("response", onResponse);
  const document = await page.goto(path);
  await ready(page);
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  expectSecurityHeaders(document, `${path} document`);
  // A reload may answer the bundle from the memory cache; the first visit fetched it, later ones are checked too.
  for (const script of scripts) expectSecurityHeaders(script, `${path} script ${new URL(script.url()).pathname}`);
  return scripts.length;
}

test("landing, sign-in and dashboard load with zero CSP violations and the headers on page and bundle", async ({ page, request }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);

  const scriptsOnLanding = await visit(page, "/", async (p) => {
    await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
  });
  expect(scriptsOnLanding, "the landing page loads its script bundle").toBeGreaterThan(0);
  expect(await violations()).toEqual([]);

  await visit(page, "/login", async (p) => {
    await expect(p.getByLabel(/email/i).first()).toBeVisible();
  });
  expect(await violations()).toEqual([]);

  const user = await registerUser(request, { tag: "csp", firstName: "Grace" });
  await withSql((sql) =>
    seedSignal(user.id, "ETHUSDT", "SHORT", 0, {
      sql,
      context: { ...SAMPLE_CONTEXT, side: "SHORT", venue: "perp", venue_label: "Binance USDT-M perpetual" },
    }),
  );
  await signIn(page, user);
  await visit(page, "/dashboard", async (p) => {
    await expect(p.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Grace");
  });
  // The signal drawer is a Radix Dialog: its scroll lock adds a <style> element at run time.
  await page.getByRole("button", { name: "View ETHUSDT" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForTimeout(300);
  expect(await violations()).toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden"); // the lock took effect
});

test("the script bundle itself is served with the policy and nosniff", async ({ page }) => {
  await page.goto("/");
  const src = await page.locator("script[src]").first().getAttribute("src");
  expect(src).toBeTruthy();
  const bundle = await page.request.get(src!);
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()["content-type"]).toMatch(/javascript/);
  expect(bundle.headers()["content-security-policy"]).toContain("default-src 'self'");
  expect(bundle.headers()["x-content-type-options"]).toBe("nosniff");
});

test("every other page, a Radix select and the signed-in screens run without a CSP violation", async ({ page, request }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  for (const path of ["/about", "/how-it-works", "/pricing", "/contact", "/privacy", "/terms", "/risk", "/register", "/forgot-password", "/nope"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
  }
  // About draws its reliability diagram with Recharts (SVG, inline style properties).
  await page.goto("/about");
  await page.waitForLoadState("networkidle");
  // A Radix Select also locks scrolling with its own style element.
  await page.goto("/contact");
  await page.getByRole("combobox", { name: "Subject" }).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.press("Escape");
  expect(await violations()).toEqual([]);

  const user = await registerUser(request, { tag: "csp" });
  await signIn(page, user);
  for (const [path, ready] of [
    ["/start-trading", "AI Trading Analysis"],
    ["/profile", "Profile Settings"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
  }
});
