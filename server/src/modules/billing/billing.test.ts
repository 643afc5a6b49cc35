// Stripe billing against the local stand-in: checkout from the server's pack table, verified idempotent fulfilment,
// async payments, bad signatures, refunds within and after 30 days, partial use, disputes, saved cards.
import { afterAll, describe, expect, test } from "bun:test";
import { applyCreditChange } from "@core/ledger/credits";
import { registry } from "@core/infra/metrics";
import { reconcile } from "../../../../scripts/reconcile";
import { call, closeTestDeps, createUser, testDeps, waitFor } from "../../../../test/helpers";
import { createApp } from "../../app";
import { stripeFor } from "./stripe-client";
import { failAnalysis } from "../../../../engine/src/analysis/settle";
import { moneyKit } from "./testing";

const SECRET = "whsec_billingtest0123456789";
const kit = moneyKit(SECRET, failAnalysis);
const { stand, app, deps, sql, answers } = kit;
const base = testDeps();

afterAll(async () => {
  await kit.close();
  await closeTestDeps();
});

type User = Awaited<ReturnType<typeof createUser>>;
const balance = async (u: User) => (await sql`select credits from users where id = ${u.id}`)[0].credits as number;
const ledger = async (u: User) => [...(await sql`select kind, amount, reference_type from credit_ledger where user_id = ${u.id} order by id`)];
const purchase = async (sessionId: string) => (await sql`select * from purchases where session_id = ${sessionId}`)[0];

async function checkout(u: User, pack = "standard") {
  const res = await call(app, "POST", "/api/billing/checkout", { token: u.token, body: { pack } });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

/** Checkout, pay on the stand-in and deliver the completed event, as the hosted page does. */
async function buy(u: User, pack = "standard") {
  const sid = await checkout(u, pack);
  const { session } = stand.pay(sid);
  const sent = await stand.send("checkout.session.completed", { ...session });
  return { sid, session, sent };
}

describe("checkout", () => {
  test("unconfigured, the page says coming soon and the endpoints refuse with 409", async () => {
    const plain = createApp(base);
    const u = await createUser();
    expect((await call(plain, "GET", "/api/billing/config")).body.enabled).toBe(false);
    const res = await call(plain, "POST", "/api/billing/checkout", { token: u.token, body: { pack: "trial" } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("billing_not_configured");
    expect((await call(plain, "POST", "/api/billing/stripe-webhook", { body: "{}" })).status).toBe(409);
    expect((await call(plain, "GET", "/api/billing/payment-methods", { token: u.token })).body).toEqual({ configured: false, methods: [] });
  });

  test("a session's price, currency and credits come from the server's table; the client names only the pack", async () => {
    const u = await createUser();
    expect((await call(app, "GET", "/api/billing/config")).body).toEqual({ enabled: true, tax: false, refund_window_days: 30 });
    const res = await call(app, "POST", "/api/billing/checkout", { token: u.token, body: { pack: "pro", price: 1, credits: 999 } });
    const s = stand.sessions.get(res.body.id)!;
    expect(res.body.url).toBe(`${stand.base}/pay/${res.body.id}`);
    expect(s).toMatchObject({
      mode: "payment",
      amount_total: 6999,
      currency: "usd",
      client_reference_id: String(u.id),
      metadata: { user_id: String(u.id), pack: "pro" },
    });
    expect(s.success_url).toEndWith("/billing/success?session_id={CHECKOUT_SESSION_ID}");
    expect(s.cancel_url).toEndWith("/pricing?checkout=cancelled");
    expect(await purchase(res.body.id)).toMatchObject({ status: "PENDING", credits: 25, amount_cents: 6999 });
    for (const pack of ["free", "mega", 3])
      expect((await call(app, "POST", "/api/billing/checkout", { token: u.token, body: { pack } })).status).toBe(422);
    expect((await call(app, "POST", "/api/billing/checkout", { body: { pack: "pro" } })).status).toBe(401);
  });

  test("STRIPE_TAX=1 asks Stripe for automatic tax and the buyer's address", async () => {
    const taxed = createApp({ ...deps, config: { ...deps.config, STRIPE_TAX: "1" } });
    const u = await createUser();
    const res = await call(taxed, "POST", "/api/billing/checkout", { token: u.token, body: { pack: "trial" } });
    expect(stand.sessions.get(res.body.id)).toMatchObject({ automatic_tax: { enabled: true }, customer_update: { address: "auto" } });
    expect(stand.sessions.get(await checkout(u, "trial"))?.automatic_tax).toEqual({ enabled: false });
  });

  test("a trader starts at most 10 checkouts in 10 minutes (429 beyond, nothing made)", async () => {
    const u = await createUser();
    for (let i = 0; i < 10; i++) await checkout(u, "trial");
    const res = await call(app, "POST", "/api/billing/checkout", { token: u.token, body: { pack: "trial" } });
    expect(res.status).toBe(429);
    expect((await sql`select count(*)::int as n from purchases where user_id = ${u.id}`)[0].n).toBe(10);
  });
});

describe("fulfilment", () => {
  test("a paid checkout credits the pack once, with a PURCHASE row, a receipt link and a confirmation mail", async () => {
    const u = await createUser({ credits: 1 });
    const { sid, sent } = await buy(u);
    expect(answers.at(-1)).toBe(200);
    expect(await balance(u)).toBe(13);
    expect(await ledger(u)).toEqual([
      { kind: "GRANT", amount: 1, reference_type: null },
      { kind: "PURCHASE", amount: 12, reference_type: "purchase" },
    ]);
    expect((await call(app, "GET", `/api/billing/checkout/${sid}`, { token: u.token })).body).toEqual({
      status: "PAID",
      pack_name: "Standard Pack",
      credits: 12,
      credited: true,
      balance: 13,
    });
    await waitFor(async () => (await purchase(sid)).receipt_url, 3000, "receipt url");
    const mails = await waitFor(
      async () => {
        const rows = await sql`select subject, body_text from mail_outbox where to_address = ${u.email}`;
        return rows.length ? rows : null;
      },
      3000,
      "confirmation mail",
    );
    expect(mails[0].subject).toBe("Your Tradewind credits have arrived");
    expect(mails[0].body_text).toContain("Credits added: 12");
    // The same delivery again, and the same session under a new event id: nothing changes twice.
    await stand.deliverAgain(sent);
    await stand.send("checkout.session.completed", { ...stand.sessions.get(sid) });
    expect(answers.slice(-2)).toEqual([200, 200]);
    expect(await balance(u)).toBe(13);
    expect((await ledger(u)).length).toBe(2);
    const other = await createUser();
    expect((await call(app, "GET", `/api/billing/checkout/${sid}`, { token: other.token })).status).toBe(404);
  });

  test("a bad signature is refused with 400 and writes nothing", async () => {
    const u = await createUser();
    const sid = await checkout(u);
    const { session } = stand.pay(sid);
    const body = JSON.stringify({ id: "evt_forged", object: "event", type: "checkout.session.completed", data: { object: session } });
    const counts = () => sql`select (select count(*) from stripe_events)::int as e, (select count(*) from credit_ledger)::int as l`;
    const before = await counts();
    for (const sig of ["t=1,v1=deadbeef", "", `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`]) {
      const res = await call(app, "POST", "/api/billing/stripe-webhook", { body, headers: { "stripe-signature": sig } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("stripe_signature_invalid");
    }
    expect(await counts()).toEqual(before);
    expect(await balance(u)).toBe(0);
  });

  test("an async payment: completed unpaid credits nothing, succeeded credits once, even out of order", async () => {
    const u = await createUser();
    const sid = await checkout(u, "trial");
    const { session } = stand.pay(sid, true);
    await stand.send("checkout.session.completed", { ...session });
    expect(await balance(u)).toBe(0);
    expect((await call(app, "GET", "/api/billing/purchases", { token: u.token })).body[0].status).toBe("PENDING");
    const paid = { ...session, payment_status: "paid" };
    await stand.send("checkout.session.async_payment_succeeded", paid);
    expect(await balance(u)).toBe(3);
    // A late completed (paid) and a late failure after success change nothing.
    await stand.send("checkout.session.completed", paid);
    await stand.send("checkout.session.async_payment_failed", { ...session });
    expect(await balance(u)).toBe(3);
    expect((await purchase(sid)).status).toBe("PAID");

    const v = await createUser();
    const sid2 = await checkout(v, "trial");
    const s2 = stand.pay(sid2, true).session;
    // Succeeded before completed (Stripe does not promise order): credited once, the late completed is a no-op.
    await stand.send("checkout.session.async_payment_succeeded", { ...s2, payment_status: "paid" });
    await stand.send("checkout.session.completed", { ...s2 });
    expect(await balance(v)).toBe(3);
  });

  test("a failed async payment credits nothing and shows as failed", async () => {
    const u = await createUser();
    const sid = await checkout(u);
    const { session } = stand.pay(sid, true);
    await stand.send("checkout.session.completed", { ...session });
    await stand.send("checkout.session.async_payment_failed", { ...session });
    expect(await balance(u)).toBe(0);
    const list = (await call(app, "GET", "/api/billing/purchases", { token: u.token })).body;
    expect(list.map((p: { status: string }) => p.status)).toEqual(["FAILED"]);
    expect(list[0].refund_quote).toBeNull();
  });

  test("a session whose amount differs from the pack is never credited", async () => {
    const u = await createUser();
    const sid = await checkout(u, "ultimate");
    const { session } = stand.pay(sid);
    await stand.send("checkout.session.completed", { ...session, amount_subtotal: 100, amount_total: 100 });
    expect(await balance(u)).toBe(0);
  });
});

describe("30-day money-back", () => {
  const refund = (u: User, id: number) => call(app, "POST", `/api/billing/purchases/${id}/refund`, { token: u.token });
  const refunded = (sid: string) => waitFor(async () => (await purchase(sid)).status === "REFUNDED", 3000, "charge.refunded");

  test("an unused pack is refunded in full through Stripe; the credits are held at the request, before charge.refunded", async () => {
    const u = await createUser();
    const { sid } = await buy(u);
    const p = await purchase(sid);
    const [listed] = (await call(app, "GET", "/api/billing/purchases", { token: u.token })).body;
    expect(listed.refund_quote).toEqual({ credits: 12, cents: 3599 });
    const res = await refund(u, Number(p.id));
    expect(res.body).toEqual({ status: "REFUND_PENDING", credits: 12, cents: 3599 });
    expect(await balance(u)).toBe(0);
    expect(stand.refunds.at(-1)).toMatchObject({ payment_intent: p.payment_intent_id, amount: 3599 });
    await refunded(sid);
    expect(await balance(u)).toBe(0);
    expect((await ledger(u)).map((l) => [l.kind, l.amount, l.reference_type])).toEqual([
      ["PURCHASE", 12, "purchase"],
      ["REFUND_HOLD", -12, "purchase_refund_hold"],
    ]);
    expect((await refund(u, Number(p.id))).body.code).toBe("refund_not_available");
    // The trader is told by mail (issue 33 §9): the amount, the credits removed, the balance.
    const refundMails = async () => [
      ...(await sql`select subject, body_text from mail_outbox where to_address = ${u.email} and subject like '%refund%' order by id`),
    ];
    const [mail] = await waitFor(async () => ((await refundMails()).length ? refundMails() : null), 3000, "refund mail");
    expect(mail.subject).toBe("Your Tradewind refund is on its way");
    expect(mail.body_text).toContain("We have refunded 35.99 USD for your Standard Pack");
    expect(mail.body_text).toContain("Refunded in total: 35.99 USD of 35.99 USD paid");
    expect(mail.body_text).toContain("Credits removed for it: 12");
    expect(mail.body_text).toContain("Your balance: 0 credits");
    // The refund event again: removed once only, and no second mail.
    await stand.send("charge.refunded", { ...stand.intents.get(p.payment_intent_id)!.latest_charge });
    expect(await balance(u)).toBe(0);
    await Bun.sleep(200);
    expect((await refundMails()).length).toBe(1);
    const other = await createUser();
    expect((await refund(other, Number(p.id))).status).toBe(404);
    expect((await call(app, "POST", "/api/billing/purchases/abc/refund", { token: u.token })).status).toBe(404);
  });

  test("partial use: only the unused credits are refunded, at the pack's price per credit", async () => {
    const u = await createUser();
    const { sid } = await buy(u);
    await sql.begin((tx) => applyCreditChange(tx, { userId: u.id, kind: "DEDUCTION", amount: -5, note: "used" }));
    const res = await refund(u, Number((await purchase(sid)).id));
    expect(res.body).toEqual({ status: "REFUND_PENDING", credits: 7, cents: 2099 });
    await refunded(sid);
    expect(await balance(u)).toBe(0);
    expect((await purchase(sid)).refund_cents).toBe(2099);
  });

  test("two packs: credits promised to a pending refund are not counted twice", async () => {
    const u = await createUser();
    const a = await buy(u, "trial");
    const b = await buy(u, "trial");
    await sql.begin((tx) => applyCreditChange(tx, { userId: u.id, kind: "DEDUCTION", amount: -2, note: "used" }));
    const deliver = stand.holdDeliveries();
    expect((await refund(u, Number((await purchase(a.sid)).id))).body.credits).toBe(3);
    expect((await refund(u, Number((await purchase(b.sid)).id))).body.credits).toBe(1);
    await deliver();
    await refunded(a.sid);
    await refunded(b.sid);
    expect(await balance(u)).toBe(0);
  });

  test("after 30 days the request is refused with a clear 409; with every credit used too", async () => {
    const u = await createUser();
    const { sid } = await buy(u, "trial");
    const p = await purchase(sid);
    await sql`update purchases set paid_at = now() - interval '31 days' where id = ${p.id}`;
    const res = await refund(u, Number(p.id));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("refund_window_closed");
    expect(res.body.detail).toContain("30-day money-back period");
    expect((await call(app, "GET", "/api/billing/purchases", { token: u.token })).body[0].refund_quote).toBeNull();
    expect(stand.refunds.some((r) => r.payment_intent === p.payment_intent_id)).toBe(false);

    const v = await createUser();
    const spent = await buy(v, "trial");
    await sql.begin((tx) => applyCreditChange(tx, { userId: v.id, kind: "DEDUCTION", amount: -3, note: "used" }));
    expect((await refund(v, Number((await purchase(spent.sid)).id))).body.code).toBe("refund_nothing_unused");
  });

  test("a chargeback freezes the pack's unused credits, never below zero, and blocks a refund", async () => {
    const u = await createUser();
    const { sid } = await buy(u);
    await sql.begin((tx) => applyCreditChange(tx, { userId: u.id, kind: "DEDUCTION", amount: -4, note: "used" }));
    const p = await purchase(sid);
    const dispute = { id: "dp_test_1", object: "dispute", payment_intent: p.payment_intent_id, charge: "ch_x", amount: 3599 };
    const sent = await stand.send("charge.dispute.created", dispute);
    await stand.deliverAgain(sent);
    expect(await balance(u)).toBe(0);
    expect(await purchase(sid)).toMatchObject({ status: "DISPUTED", frozen_credits: 8 });
    expect((await refund(u, Number(p.id))).body.code).toBe("refund_not_available");
  });
});

describe("payment methods", () => {
  test("saved cards come from Stripe; the portal opens for the customer", async () => {
    const u = await createUser();
    expect((await call(app, "GET", "/api/billing/payment-methods", { token: u.token })).body).toEqual({ configured: true, methods: [] });
    await buy(u, "trial");
    const res = await call(app, "GET", "/api/billing/payment-methods", { token: u.token });
    expect(res.body.methods).toEqual([{ id: expect.stringMatching(/^pm_/), brand: "visa", last4: "4242", exp: "12/30" }]);
    const portal = await call(app, "POST", "/api/billing/portal", { token: u.token });
    expect(portal.body.url).toStartWith(`${stand.base}/portal?customer=cus_`);
  });

  test("the same card saved by two checkouts is listed once (by fingerprint), the newest; another card beside it", async () => {
    const u = await createUser();
    await buy(u, "trial");
    await buy(u, "standard");
    const customer = (await sql`select customer_id from billing_customers where user_id = ${u.id}`)[0].customer_id;
    const saved = (await stand.listCards(customer)) as { id: string }[];
    expect(saved.length).toBe(2);
    const once = await call(app, "GET", "/api/billing/payment-methods", { token: u.token });
    expect(once.body.methods).toEqual([{ id: saved[0].id, brand: "visa", last4: "4242", exp: "12/30" }]);
    // A different card (its own fingerprint) is a second entry, newest first.
    const sid = await checkout(u, "trial");
    const { session } = stand.pay(sid, false, { brand: "mastercard", last4: "4444", exp_month: 3, exp_year: 2031, fingerprint: "fpMc4444" });
    await stand.send("checkout.session.completed", { ...session });
    const two = await waitFor(
      async () => {
        const m = (await call(app, "GET", "/api/billing/payment-methods", { token: u.token })).body.methods;
        return m.length === 2 ? m : null;
      },
      3000,
      "the second card after the cache is dropped",
    );
    expect(two.map((m: { last4: string }) => m.last4)).toEqual(["4444", "4242"]);
  });
});

describe("Stripe calls one trader can cause", () => {
  test("the card list is cached and cards plus portal are limited per trader (429 JSON); Stripe's 429s are counted", async () => {
    const u = await createUser();
    await buy(u, "trial");
    const cardCalls = () => stand.calls.filter((c) => c.endsWith("/payment_methods")).length;
    const portalCalls = () => stand.calls.filter((c) => c === "POST /v1/billing_portal/sessions").length;
    const [cards0, portal0] = [cardCalls(), portalCalls()];
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await call(app, "GET", "/api/billing/payment-methods", { token: u.token })).status);
    for (let i = 0; i < 30; i++) answers.push((await call(app, "POST", "/api/billing/portal", { token: u.token })).status);
    // 20 a minute over both routes; the cards were asked of Stripe once, each portal opened once per allowed call.
    expect(answers.filter((s) => s === 200).length).toBe(20);
    expect(answers.filter((s) => s === 429).length).toBe(40);
    expect(cardCalls() - cards0).toBe(1);
    expect(portalCalls() - portal0).toBe(0);
    const refused = await call(app, "GET", "/api/billing/payment-methods", { token: u.token });
    expect(refused.body).toMatchObject({ code: "rate_limited", detail: expect.stringContaining("payment provider") });
    // Another trader still gets through; a 429 from Stripe itself is counted by status.
    const v = await createUser();
    const counted = async () => (await registry.getSingleMetricAsString("tradewind_stripe_responses_total")).match(/status="429"[^\n]* (\d+)/)?.[1];
    const before = Number((await counted()) ?? 0);
    stand.rateLimitNext = 1;
    const limited = await call(app, "POST", "/api/billing/portal", { token: v.token });
    expect(limited.status).toBe(502);
    expect(Number(await counted())).toBe(before + 1);
  });
});

describe("reconcile", () => {
  // Other files' purchases share the run's database but not this file's Stripe stand-in: only this file's are checked.
  const purchaseFindings = async () => {
    const mine = await sql`select id from purchases where session_id in ${sql([...stand.sessions.keys()])}`;
    const ids = new Set(mine.map((p) => `purchase ${p.id}:`));
    return (await reconcile(sql, 3_600_000, { stripe: stripeFor(deps.config) })).filter((f) => ids.has(f.detail.split(" ", 2).join(" ")));
  };

  test("the purchases of this file balance: each paid one credited once, each refund and chargeback removed once", async () => {
    expect(await purchaseFindings()).toEqual([]);
  });

  test("a payment taken but not credited within 5 minutes, a paid purchase without its credit, a refund without its removal", async () => {
    const u = await createUser();
    const sid = await checkout(u, "trial");
    stand.pay(sid); // paid at Stripe, the webhook never came
    const p = await purchase(sid);
    await sql`update purchases set created_at = now() - interval '6 minutes' where id = ${p.id}`;
    const lost = await purchase(await checkout(u, "pro"));
    await sql`update purchases set status = 'PAID', paid_at = now() where id = ${lost.id}`;
    const v = await createUser();
    const q = await purchase((await buy(v, "trial")).sid);
    await sql`update purchases set returned_cents = 666, status = 'REFUNDED' where id = ${q.id}`;
    const found = (await purchaseFindings()).map((f) => f.detail);
    expect(found.sort()).toEqual(
      [
        `purchase ${p.id}: paid at Stripe but not fulfilled after 5 minutes`,
        `purchase ${lost.id}: paid with 0 PURCHASE rows`,
        `purchase ${q.id}: 666 of 999 cents returned: 2 credits due, 0 removed, 0 recorded as already spent`,
        // Stripe returned nothing: the planted amount is caught against Stripe's own state too.
        `purchase ${q.id}: Stripe has returned 0 cents, the books 666`,
      ].sort(),
    );
    await sql`delete from purchases where id in (${p.id}, ${lost.id}, ${q.id})`;
  });
});
