// The table's page fetcher: the query each page sends, and a transient HTML answer keeping that page as it was (three
// times in a row at most, spec 02 §8) so a refetch does not drop the older pages.
import { expect, test } from "bun:test";
import { QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import { signalKeys } from "@web/entities/signal/api/keys";
import { ApiError } from "@web/lib/api";
import type { Page } from "./decode-page";
import { SIGNALS_HIDDEN_HTML } from "../model/polling";
import { createSignalPagesFetcher } from "./signal-pages";

const filters = { symbol: "BTC", type: "", range: "all" };
const html = new ApiError("502: <html>", 502, "<html><body>Bad gateway</body></html>");

test("pages are read with their cursor and filters; HTML answers keep the cached page, then surface", async () => {
  const client = new QueryClient();
  const key = signalKeys.pages(filters);
  const paths: string[] = [];
  const answers: unknown[] = [
    { items: [{ id: 9, type: "LONG" }], next_cursor: "9", total: 2 },
    { items: [{ id: 4, type: "SHORT" }], next_cursor: null, total: 2 },
    ...Array.from({ length: SIGNALS_HIDDEN_HTML + 1 }, () => html),
  ];
  const fetchPage = createSignalPagesFetcher(async (path) => {
    paths.push(path);
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next;
  });
  const ctx = (pageParam: string) =>
    ({ client, queryKey: key, pageParam, signal: new AbortController().signal, meta: undefined }) as unknown as QueryFunctionContext;

  const first = await fetchPage(filters, ctx(""));
  const second = await fetchPage(filters, ctx("9"));
  expect(paths).toEqual(["/api/signals/?limit=50&cursor=&symbol=BTC", "/api/signals/?limit=50&cursor=9&symbol=BTC"]);
  expect(first.items.map((s) => s.id)).toEqual([9]);
  client.setQueryData<{ pages: Page<unknown>[]; pageParams: string[] }>(key, { pages: [first, second], pageParams: ["", "9"] });

  for (let i = 0; i < SIGNALS_HIDDEN_HTML; i++) expect(await fetchPage(filters, ctx("9"))).toBe(second);
  await expect(fetchPage(filters, ctx("9"))).rejects.toBe(html);
});
