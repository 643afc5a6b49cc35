// Credit transactions and usage read from the real ledger, per user.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testApp } from "../../../../test/helpers";
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
