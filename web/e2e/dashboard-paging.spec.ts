// Dashboard against spec 02: more signals than one page reach the table by scrolling, with the count agreeing with Total
// Signals and the filters applied on the server; replayed times say "market time"; a failed history or detail read says
// so; the dominance cell is named for its basis (BTC's share of 24h volume).
import { expect, test, type Page } from "@playwright/test";
import { registerUser, signIn, type TestUser } from "./helpers";
import { seedRunning, seedSignals } from "./seeds";

const PAGE = 50;
const rows = (page: Page) => page.getByTestId("signal-row");

async function openDashboard(page: Page, user: TestUser) {
  await signIn(page, user);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome back");
}

test("more signals than one page: scrolling the table loads the older ones, and the count agrees with Total Signals", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "pages" });
  const seeded = await seedSignals(user.id, PAGE + 12);
  const oldest = seeded[seeded.length - 1];
  await openDashboard(page, user);

  await expect(rows(page)).toHaveCount(PAGE);
  // The heading and Total Signals count issued LONG/SHORT signals; the refunded NO_TRADEs are rows, not signals.
  const issued = seeded.filter((s) => s.type !== "NO_TRADE").length;
  await expect(page.getByTestId("signals-total")).toHaveText(String(issued));
  await expect(page.getByTestId("rows-total")).toHaveText(`· ${seeded.length} analyses`);
  await expect(page.getByTestId("stat-total")).toContainText(String(issued));
  await expect(page.getByTestId("signals-shown")).toHaveText(`Showing ${PAGE} of ${seeded.length}`);
  await expect(rows(page).last()).not.toContainText(`#${oldest.signalId}`);
  // The replayed moment each signal read is labelled as market time beside when it was issued.
  await expect(rows(page).first().getByTestId("market-time")).toHaveText("Market time 2024-06-01 00:00 UTC");

  // Load more on scroll: the table's foot coming into view fetches the next page.
  await page.getByTestId("signals-foot").scrollIntoViewIfNeeded();
  await expect(rows(page)).toHaveCount(seeded.length);
  await expect(page.getByTestId("signals-shown")).toHaveText(`Showing ${seeded.length} of ${seeded.length}`);
  await expect(page.getByTestId("signals-foot")).toContainText("All loaded");
  // Newest first, every seeded signal once: the last row is the oldest one.
  await rows(page).last().getByRole("button").click();
  await expect(page.getByRole("dialog")).toContainText(`ID #${oldest.signalId}`);
  await page.keyboard.press("Escape");

  // Filters go to the server: its total for them, and only matching rows.
  await page.locator("#filter-type").click();
  await page.getByRole("option", { name: "SHORT", exact: true }).click();
  const shorts = seeded.filter((s) => s.type === "SHORT").length;
  await expect(page.getByTestId("signals-total")).toHaveText(String(shorts));
  await expect(rows(page)).toHaveCount(shorts);
  await expect(rows(page).filter({ hasText: "LONG" })).toHaveCount(0);
  await page.getByPlaceholder("Search symbol e.g. BTC").fill("eth");
  const ethShorts = seeded.filter((s) => s.type === "SHORT" && s.symbol === "ETHUSDT").length;
  await expect(page.getByTestId("signals-total")).toHaveText(String(ethShorts));
  await expect(rows(page)).toHaveCount(ethShorts);
});

test("a failed history read names itself (server detail first); a live row's failed detail shows in the drawer", async ({ page, request }) => {
  const user = await registerUser(request, { tag: "hist" });
  const [running] = await seedRunning(user.id, 1, "XRPUSDT");
  await signIn(page, user);
  await page.route(/\/api\/analysis\/history/, (route) => route.fulfill({ status: 503, json: { detail: "History is being rebuilt" } }));
  await page.route(new RegExp(`/api/analysis/${running}$`), (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" }),
  );
  await page.goto("/dashboard");
  await expect(page.getByTestId("history-error")).toHaveText("History is being rebuilt");
  // The running analysis still shows from the active list, and its drawer says its detail failed.
  const live = rows(page).filter({ hasText: "XRPUSDT" });
  await expect(live.getByText("LIVE", { exact: true })).toBeVisible();
  await live.getByRole("button", { name: "View XRPUSDT" }).click();
  await expect(page.getByRole("dialog").getByTestId("detail-error")).toHaveText("Failed to fetch analysis detail");
  await page.keyboard.press("Escape");

  await page.unroute(/\/api\/analysis\/history/);
  await page.route(/\/api\/analysis\/history/, (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" }));
  await page.reload();
  await expect(page.getByTestId("history-error")).toHaveText("Failed to fetch analysis history");
});

test("the dominance cell is named for what it measures, with the server's basis", async ({ page, request }) => {
  test.setTimeout(90_000);
  let basis = "";
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/market/sentiment");
        if (res.status() !== 200) return "";
        basis = ((await res.json()) as { data: { btc_dominance_basis?: string } }).data.btc_dominance_basis ?? "";
        return basis;
      },
      { timeout: 60_000 },
    )
    .toContain("volume");
  const user = await registerUser(request, { tag: "dom" });
  await openDashboard(page, user);
  const strip = page.getByTestId("sentiment-strip");
  await expect(strip).toContainText("BTC Volume Share");
  await expect(strip).not.toContainText("BTC Dominance");
  await expect(strip.getByTestId("dominance-basis")).toHaveAttribute("title", basis);
  await expect(strip).toContainText("of 24h volume · not market cap");
  // The replay badge names the replayed clock as market time too.
  await expect(page.getByTestId("replay-badge")).toHaveText(/^Replay · market time 20\d\d-\d\d-\d\d \d\d:\d\d UTC$/);
});
