// Guards the spec 01 §9 cache defaults, which every feature's queries inherit.
import { expect, test } from "bun:test";
import { createQueryClient } from "./query-client";

test("query defaults follow spec 01 §9", () => {
  const d = createQueryClient().getDefaultOptions();
  expect(d.queries?.staleTime).toBe(300_000);
  expect(d.queries?.gcTime).toBe(300_000);
  expect(d.queries?.retry).toBe(false);
  expect(d.queries?.refetchOnWindowFocus).toBe(false);
  // Every query names its own fetcher (see the key factories), so none is inherited.
  expect(d.queries?.queryFn).toBeUndefined();
  expect(d.mutations?.retry).toBe(false);
});
