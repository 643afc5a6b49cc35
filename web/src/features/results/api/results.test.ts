// The results query lives under the keys a `user_changed` push invalidates, so a newly stored outcome shows at once.
import { expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { userChangedKeys } from "@web/entities/analysis/hooks/use-user-pushes";
import { resultsQuery } from "./results";

test("a user_changed push marks the results stale", async () => {
  const qc = new QueryClient();
  const q = resultsQuery(true, false);
  qc.setQueryData(q.queryKey, { signals: [], months: [], overall: null } as never);
  expect(qc.getQueryState(q.queryKey)?.isInvalidated).toBe(false);
  for (const queryKey of userChangedKeys()) await qc.invalidateQueries({ queryKey, refetchType: "none" });
  expect(qc.getQueryState(q.queryKey)?.isInvalidated).toBe(true);
});
