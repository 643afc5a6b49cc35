// Push instead of poll, in Chromium with the page's timers on Playwright's clock: while the tab's socket is live and
// signed in, market panels stop polling REST and the user's lists slow to the safety net, a user_changed push re-reads
// them at once and a hidden tab pauses; with the socket refused, the spec's intervals hold (hidden tab included for the
// active-analyses list).
import { expect, type Page, test } from "@playwright/test";
import Redis from "ioredis";
import { redisKeys } from "../../core/infra/redis";
import { userChanged } from "../../core/infra/user-version";
import { seedSignal } from "../../server/src/modules/signals/testing";
import { applyCreditChange } from "../../core/ledger/credits";
import { registerUser, signIn, type TestUser, withSql } from "./helpers";

type Counts = { market: number; signals: number; active: number };

/** Counts the polled reads the page sends from now on; `reset` starts over. */
function countPolls(page: Page) {
  const counts: Counts = { market: 0, signals: 0, active: 0 };
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith("/api/market/")) counts.market++;
    else if (path === "/api/signals/") counts.signals++;
    else if (path === "/api/analysis/active") counts.active++;
  });
  return { counts, reset: () => Object.assign(counts, { market: 0, signals: 0, active: 0 }) };
}

/** document.visibilityState under the test's control (a headless page is always "visible"), as a browser reports it. */
async function controllableVisibility(page: Page) {
  await page.addInitScript(() => {
    let hidden = false;
    Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
    Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
    (window as unknown as { setHidden: (h: boolean) => void }).setHidden = (h) => {
      hidden = h;
      document.dispatchEvent(new Event("visibilitychange"));
    };
  });
}
/**
 * Moves the page's clock on a second at a time, letting each second's requests answer in real time: one long jump
 * would fire every due poll while the first is still in flight, and TanStack folds those into it.
 */
async function advance(page: Page, ms: number) {
  for (let t = 0; t < ms; t += 1000) {
    await page.clock.runFor(1000);
    await page.waitForTimeout(100);
  }
}

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => (window as unknown as { setHidden: (h: boolean) => void }).setHidden(h), hidden);

async function openDashboard(page: Page, user: TestUser) {
  await controllableVisibility(page);
  await page.clock.install();
  await signIn(page, user);
  await page.goto("/dashboard");
  await expect(page.getByText("No signals yet. Start a new analysis.")).toBeVisible({ timeout: 15_000 });
}

test("socket live: no market polls, user lists at the safety net, a push re-reads at once, a hidden tab pauses", async ({ page, request }) => {
  // 160 s of page clock run through in steps: about 30 s of wall time alone, more on a shared machine.
  test.setTimeout(90_000);
  const user = await registerUser(request, { tag: "push" });
  const authenticated = new Promise<void>((resolve) =>
    page.on("websocket", (ws) => ws.on("framereceived", (f) => String(f.payload).includes('"authenticated"') && resolve())),
  );
  await openDashboard(page, user);
  await authenticated;
  const { counts, reset } = countPolls(page);

  // 30 s at the spec's rates would be 6 signal and 6 active-list polls and several market reads; pushes replace them.
  await advance(page, 30_000);
  expect(counts).toEqual({ market: 0, signals: 0, active: 0 });

  // A change announced as the tracker and engine announce theirs reaches the table long before the 60 s safety net.
  await withSql((sql) => seedSignal(user.id, "ETHUSDT", "LONG", 0, { sql }));
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  try {
    await userChanged({ redis, keys: redisKeys(process.env.E2E_REDIS_PREFIX ?? "") }, user.id);
  } finally {
    redis.disconnect();
  }
  await expect(page.getByTestId("signal-row").filter({ hasText: "ETHUSDT" })).toBeVisible({ timeout: 10_000 });

  // Hidden: even the safety net pauses (the pushes still arrive); visible again, it runs.
  await setHidden(page, true);
  reset();
  await advance(page, 65_000);
  expect(counts).toEqual({ market: 0, signals: 0, active: 0 });
  await setHidden(page, false);
  await advance(page, 65_000);
  expect(counts.market).toBe(0);
  expect(counts.signals).toBeGreaterThanOrEqual(1);
  expect(counts.active).toBeGreaterThanOrEqual(1);
});

test("socket refused: the spec's intervals hold; hidden, only the active-analyses list keeps polling", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "nopush" });
  await page.routeWebSocket(/\/ws\/market/, (ws) => ws.close());
  await openDashboard(page, user);
  const { counts, reset } = countPolls(page);

  await advance(page, 20_000);
  expect(counts.signals).toBeGreaterThanOrEqual(3);
  expect(counts.active).toBeGreaterThanOrEqual(3);
  expect(counts.market).toBeGreaterThanOrEqual(1);

  await setHidden(page, true);
  reset();
  await advance(page, 20_000);
  expect(counts.active).toBeGreaterThanOrEqual(3);
  expect(counts.signals).toBe(0);
  expect(counts.market).toBe(0);
});

test("a new live row's first frame: its own progress and a countdown from now, after a minute with nothing live", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "push" });
  const authenticated = new Promise<void>((resolve) =>
    page.on("websocket", (ws) => ws.on("framereceived", (f) => String(f.payload).includes('"authenticated"') && resolve())),
  );
  await openDashboard(page, user);
  await authenticated;
  // A minute with no live row: the table's clock sits idle meanwhile.
  await advance(page, 60_000);

  // Every text the row shows, from its first frame on (the assertions below may run seconds later). Watched before the
  // row exists: the hold's own announcement (the credit primitive's, on commit) may bring it before ours does.
  await page.evaluate(() => {
    const frames: string[] = [];
    (window as unknown as { frames_: string[] }).frames_ = frames;
    new MutationObserver(() => {
      const row = [...document.querySelectorAll('[data-testid="signal-row"]')].find((r) => r.textContent?.includes("SOLUSDT"));
      const text = row?.textContent ?? "";
      if (text && frames[frames.length - 1] !== text) frames.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // An analysis just started (progress 0, next step 20 s away on the page's clock), its credit held as a start holds it.
  const nextRunAt = new Date((await page.evaluate(() => Date.now())) + 20_000);
  const requestId = await withSql((sql) =>
    sql.begin(async (tx) => {
      const [r] = await tx<{ id: number }[]>`
        insert into analysis_requests (user_id, symbol, progress_percent, next_run_at) values (${user.id}, 'SOLUSDT', 0, ${nextRunAt}) returning id`;
      await applyCreditChange(tx, { userId: user.id, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: Number(r.id) });
      return Number(r.id);
    }),
  );
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  const announce = () => userChanged({ redis, keys: redisKeys(process.env.E2E_REDIS_PREFIX ?? "") }, user.id);
  try {
    await announce();
    await expect(page.getByTestId("signal-row").filter({ hasText: "SOLUSDT" })).toContainText("LIVE");
    const frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
    // Its own 0 % (not the 30 % default for a row without a value) and at most the 20 s left, from the first frame.
    expect(frames[0]).toMatch(/LIVE0%Next 00:(20|19)/);
    expect(frames.filter((f) => f.includes("30%") || !/Next 00:[0-2]\d/.test(f))).toEqual([]);
  } finally {
    // Settled as the engine's sweeper would settle a failed start: the credit back, so the books balance.
    await withSql((sql) =>
      sql.begin(async (tx) => {
        await tx`update analysis_requests set status = 'FAILED', credits_status = 'RELEASED', completed_at = now() where id = ${requestId}`;
        await applyCreditChange(tx, { userId: user.id, kind: "REFUND", amount: 1, referenceType: "analysis_request", referenceId: requestId });
      }),
    );
    await announce();
    redis.disconnect();
  }
});

test("a refund pushed while the balance is re-read first is counted once, not once more locally", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "push" });
  // A running analysis holding the free credit: the balance reads 0.
  const requestId = await withSql((sql) =>
    sql.begin(async (tx) => {
      const [r] = await tx<{ id: number }[]>`
        insert into analysis_requests (user_id, symbol, progress_percent, next_run_at)
        values (${user.id}, 'SOLUSDT', 10, now() + interval '5 minutes') returning id`;
      await applyCreditChange(tx, { userId: user.id, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: Number(r.id) });
      return Number(r.id);
    }),
  );
  const authenticated = new Promise<void>((resolve) =>
    page.on("websocket", (ws) => ws.on("framereceived", (f) => String(f.payload).includes('"authenticated"') && resolve())),
  );
  await signIn(page, user);
  await page.goto("/dashboard");
  const credits = page.getByTestId("dashboard-credits");
  await expect(page.getByTestId("signal-row").filter({ hasText: "SOLUSDT" })).toContainText("LIVE");
  await expect(credits).toHaveText(/^0\s*credits$/);
  await authenticated;
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { credits_: string[] }).credits_ = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="dashboard-credits"]')?.textContent ?? "";
      if (seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // The balance's re-read lands before the list that shows the analysis finished (the order that double-counted).
  await page.route("**/api/analysis/active**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await withSql((sql) =>
    sql.begin(async (tx) => {
      await tx`update analysis_requests set status = 'FAILED', credits_status = 'RELEASED', completed_at = now() where id = ${requestId}`;
      await applyCreditChange(tx, { userId: user.id, kind: "REFUND", amount: 1, referenceType: "analysis_request", referenceId: requestId });
    }),
  );
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  try {
    await userChanged({ redis, keys: redisKeys(process.env.E2E_REDIS_PREFIX ?? "") }, user.id);
  } finally {
    redis.disconnect();
  }
  await expect(page.getByTestId("signal-row").filter({ hasText: "SOLUSDT" })).not.toContainText("LIVE", { timeout: 15_000 });
  await expect(credits).toHaveText(/^1\s*credit$/);
  // Every value the counter showed on the way: never one credit too many.
  const seen = await page.evaluate(() => (window as unknown as { credits_: string[] }).credits_);
  expect(seen.filter((t) => /^2/.test(t))).toEqual([]);
});
