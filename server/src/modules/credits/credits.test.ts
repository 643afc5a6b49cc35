// Credit transactions and usage read from the real ledger, per user; every credit change is announced on commit.
import { afterAll, describe, expect, test } from "bun:test";
import { recordSignalOutcome } from "@core/alerts/alerts";
import { applyCreditChange } from "@core/ledger/credits";
import { USER_CHANGED_MESSAGE } from "@core/contract/socket";
import { call, closeTestDeps, createUser, type Heard, testApp, testDeps, waitFor, whileListening } from "../../../../test/helpers";
import { seedSignal } from "../signals/testing";

const app = testApp();
afterAll(() => closeTestDeps());

describe("credits", () => {
  test("transactions list the ledger newest first with references; usage sums it", async () => {
    const u = await createUser({ credits: 2 });
    const { requestId } = await seedSignal(u.id, "BTCUSDT", "NO_TRADE", 0);
    const tx = await call(app, "GET", "/api/transactions/", { token: u.token });
    expect(tx.status).toBe(200);
    expect(tx.body.map((t: { type: string; amount: number; balance_after: number }) => [t.type, t.amount, t.balance_after]).sort()).toEqual(
      [
        ["GRANT", 2, 2],
        ["GRANT", 1, 3],
        ["DEDUCTION", -1, 2],
        ["REFUND", 1, 3],
      ].sort(),
    );
    expect(tx.body.find((t: { type: string }) => t.type === "REFUND").reference).toBe(`analysis_request:${requestId}`);
    expect((await call(app, "GET", "/api/transactions", { token: u.token })).body.length).toBe(4);
    const other = await createUser();
    expect((await call(app, "GET", "/api/transactions/", { token: other.token })).body).toEqual([]);
    const usage = await call(app, "GET", "/api/credits/usage", { token: u.token });
    expect(usage.body).toEqual({ used: 1, refunded: 1, net_used: 0, held: 0, credits: 3 });
  });
});

const messagesOf = (heard: Heard[]) => heard.map((h) => h.message);

describe("credit changes outside the request path", () => {
  test("a grant made the way the admin CLI makes it drops the user's version (no stale 304) and tells their sockets", async () => {
    const deps = testDeps();
    const u = await createUser({ credits: 1 });
    await whileListening([u.id], async (heard) => {
      const first = await call(app, "GET", "/api/transactions/", { token: u.token });
      const etag = first.headers.get("etag")!;
      expect(etag).toBeString();
      const revalidate = () => call(app, "GET", "/api/transactions/", { token: u.token, headers: { "if-none-match": etag } });
      expect((await revalidate()).status).toBe(304);
      // scripts/admin.ts grant-credits: the primitive in its own transaction, no announcement by the caller.
      await deps.sql.begin((tx) => applyCreditChange(tx, { userId: u.id, kind: "GRANT", amount: 5, referenceType: "admin" }));
      await waitFor(async () => (await revalidate()).status === 200, 5000, "a fresh answer after the grant");
      await waitFor(() => messagesOf(heard).includes(USER_CHANGED_MESSAGE), 5000, "user_changed on the user's socket topic");
      // A change that rolls back announces nothing.
      heard.length = 0;
      await deps.sql
        .begin(async (tx) => {
          await applyCreditChange(tx, { userId: u.id, kind: "GRANT", amount: 1 });
          throw new Error("rolled back");
        })
        .catch(() => {});
      await deps.sql.begin((tx) => applyCreditChange(tx, { userId: u.id, kind: "GRANT", amount: 2 }));
      await waitFor(() => heard.length > 0, 5000, "the committed change's announcement");
      expect(messagesOf(heard)).toEqual([USER_CHANGED_MESSAGE]);
    });
  });

  test("an outcome, a favorite and a preference change are announced by their primitives on commit", async () => {
    const deps = testDeps();
    const u = await createUser({ credits: 1 });
    const { signalId } = await seedSignal(u.id, "BTCUSDT", "LONG", 0);
    await whileListening([u.id], async (heard) => {
      const announced = async (what: string, change: () => Promise<unknown>) => {
        heard.length = 0;
        await change();
        await waitFor(() => messagesOf(heard).includes(USER_CHANGED_MESSAGE), 5000, `user_changed after ${what}`);
      };
      // The tracker's primitive, as it runs in the engine (no Redis of its own to remember).
      await announced("an outcome", () => recordSignalOutcome(deps.sql, signalId, { outcome: "TP_HIT", closedAtMarketMs: null, rMultiple: 1.5 }));
      await announced("a favorite", () => call(app, "POST", "/api/user/favorites/", { token: u.token, body: { symbol: "ETHUSDT" } }));
      await announced("a removed favorite", () => call(app, "DELETE", "/api/user/favorites/ETHUSDT", { token: u.token }));
      await announced("preferences", () =>
        call(app, "PUT", "/api/user/preferences", { token: u.token, body: { account_size: 5000, risk_percent: 1 } }),
      );
    });
  });
});
