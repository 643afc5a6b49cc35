// Test kit for the money tests: the app wired to the Stripe stand-in, buying, refunding, disputing, and analyses that hold and settle credits.
import { createAnalysisQueue } from "@core/queues/analysis-queue";
import type { Sql } from "@core/infra/db";
import { startStripeStandIn } from "../../../../scripts/stripe-stand-in";
import { call, createUser, type TestUser, testDeps } from "../../../../test/helpers";
import { createApp } from "../../app";
import type { ServerDeps } from "../../deps";

export type MoneyKit = ReturnType<typeof moneyKit>;

/** The engine's failure path (engine/src/analysis/settle failAnalysis): passed in, as only tests may reach the engine. */
type FailAnalysis = (deps: ServerDeps, requestId: number, reason: string) => Promise<boolean>;

/** One stand-in and one app per test file; `close` stops the stand-in and drops the analysis jobs nobody will run. */
export function moneyKit(secret: string, failAnalysis: FailAnalysis) {
  const answers: number[] = [];
  const stand = startStripeStandIn({
    secret,
    // Delivered in-process, as Stripe would POST it, so the answer Stripe would see is recorded too.
    deliver: async (body, sig) => {
      const res = await app.handle(
        new Request("http://localhost/api/billing/stripe-webhook", {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": sig },
          body,
        }),
      );
      answers.push(res.status);
      return res;
    },
  });
  const base = testDeps();
  const deps: ServerDeps = {
    ...base,
    config: { ...base.config, STRIPE_SECRET_KEY: "sk_test_standin123", STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: stand.base },
  };
  const app = createApp(deps);
  const sql: Sql = base.sql;
  const queue = createAnalysisQueue(deps.config, deps.redis);

  const purchase = async (sessionId: string) => (await sql`select * from purchases where session_id = ${sessionId}`)[0];
  const balance = async (u: TestUser) => (await sql`select credits from users where id = ${u.id}`)[0].credits as number;

  async function checkout(u: TestUser, pack = "trial") {
    const res = await call(app, "POST", "/api/billing/checkout", { token: u.token, body: { pack } });
    if (res.status !== 200) throw new Error(`checkout answered ${res.status}`);
    return res.body.id as string;
  }

  /** Pays at Stripe without telling the app yet: the completion is returned for the test to send when it wants. */
  async function payOnly(u: TestUser, pack = "trial") {
    const sid = await checkout(u, pack);
    const { session } = stand.pay(sid);
    return { sid, pi: session.payment_intent as string, complete: () => stand.send("checkout.session.completed", { ...session }) };
  }

  async function buy(u: TestUser, pack = "trial") {
    const paid = await payOnly(u, pack);
    await paid.complete();
    return { ...paid, id: Number((await purchase(paid.sid)).id) };
  }

  const refund = (u: TestUser, purchaseId: number) => call(app, "POST", `/api/billing/purchases/${purchaseId}/refund`, { token: u.token });
  const start = (u: TestUser, symbol = "BTCUSDT") => call(app, "POST", "/api/analysis/start", { token: u.token, body: { symbol } });

  /** The engine's NO_TRADE / failure path: the held credit comes back through the ledger. */
  const release = (requestId: number) => failAnalysis(deps, requestId, "test: released");

  /** The engine's LONG/SHORT path: the held credit is kept (no ledger row), the request completed. */
  const use = (requestId: number) =>
    sql`update analysis_requests set status = 'COMPLETED', credits_status = 'USED', completed_at = now(), next_run_at = null
        where id = ${requestId} and status = 'IN_PROGRESS' and credits_status = 'HELD'`;

  async function close() {
    stand.stop();
    await queue.obliterate({ force: true });
    await queue.close();
  }

  return { stand, app, deps, sql, answers, purchase, balance, checkout, payOnly, buy, refund, start, release, use, close, createUser };
}
