// The load tests' polling mix (load-tests/scenarios.ts, used by k6 and `bun run bench polling`) is what a real
// dashboard tab asks, URL for URL: every URL in the mix is requested by the tab, and every list the tab re-polls within
// a quarter of a minute is in the mix. The live socket is refused, so the lists poll at the spec's intervals.
import { expect, test } from "@playwright/test";
import { TRADER_POLLING } from "../../load-tests/scenarios";
import { registerUser, signIn } from "./helpers";

test("the load tests poll exactly what a dashboard tab polls", async ({ page, request }) => {
  test.setTimeout(60_000);
  const user = await registerUser(request, { tag: "mix", firstName: "Ada" });
  await page.routeWebSocket(/\/ws\//, (ws) => ws.close());
  await signIn(page, user);
  const asked = new Map<string, number>();
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.method() === "GET" && url.pathname.startsWith("/api/"))
      asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Ada");
  // Long enough for the 15 s lists' second request.
  await page.waitForTimeout(17_000);

  const mix = TRADER_POLLING.map((t) => t.path);
  const notAsked = mix.filter((path) => !asked.has(path));
  expect(notAsked, `the mix polls URLs the dashboard never asks: ${JSON.stringify([...asked])}`).toEqual([]);
  const repolled = [...asked].filter(([, n]) => n >= 2).map(([path]) => path);
  expect(repolled.length).toBeGreaterThan(3);
  expect(
    repolled.filter((path) => !mix.includes(path)),
    JSON.stringify([...asked]),
  ).toEqual([]);
});
