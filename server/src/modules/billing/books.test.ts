// Issue 31's money findings, each replayed as found: refund-then-spend, disputes over running analyses, events before
// the completion, a second dashboard refund; and reconcile reporting each of them when planted in the books.
import { afterAll, describe, expect, test } from "bun:test";
import { reconcile } from "../../../../scripts/reconcile";
import { closeTestDeps, createUser, waitFor } from "../../../../test/helpers";
import { stripeFor } from "./stripe-client";
import { failAnalysis } from "../../../../engine/src/analysis/settle";
import { moneyKit } from "./testing";

const kit = moneyKit("whsec_bookstest0123456789", failAnalysis);
const { stand, sql, purchase, balance, buy, payOnly, refund, start, release, use } = kit;

afterAll(async () => {
  await kit.close();
  await closeTestDeps();
});

const ledgerOf = async (userId: number) =>
  [...(await sql`select kind, amount, reference_type from credit_ledger where user_id = ${userId} order by id`)].map((l) =>
    `${l.kind} ${l.amount} ${l.reference_type ?? ""}`.trim(),
  );
const refunded = (sid: string) => waitFor(async () => (await purchase(sid)).status === "REFUNDED", 3000, "charge.refunded");

describe("item 1: a refund request holds the quoted credits at once", () => {
  test("buy the Trial pack, ask for the money back, start three analyses: none starts, all 3 credits leave", async () => {
    const u = await createUser();
    const { sid, id } = await buy(u);
    const deliver = stand.holdDeliveries();
    const res = await refund(u, id);
    expect(res.body).toEqual({ status: "REFUND_PENDING", credits: 3, cents: 999 });
    // Before charge.refunded arrives the quoted credits are already out of reach.
    expect(await balance(u)).toBe(0);
    const starts = await Promise.all([start(u), start(u), start(u)]);
    expect(starts.map((s) => s.status)).toEqual([402, 402, 402]);
    await deliver();
    await refunded(sid);
    expect(await balance(u)).toBe(0);
    expect(await ledgerOf(u.id)).toEqual(["PURCHASE 3 purchase", "REFUND_HOLD -3 purchase_refund_hold"]);
    expect(await purchase(sid)).toMatchObject({ status: "REFUNDED", returned_cents: 999, held_credits: 3 });
  });

  test("8 traders each race their refund against 3 analyses started at once (20 ms to the event): none is paid for a credit it keeps", async () => {
    const traders = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const bought = await Promise.all(traders.map((u) => buy(u)));
    const raced = await Promise.all(
      traders.map(async (u, i) => {
        const [r, ...starts] = await Promise.all([refund(u, bought[i].id), start(u), start(u), start(u)]);
        return {
          quoted: r.status === 200 ? (r.body.credits as number) : 0,
          started: starts.filter((s) => s.status === 200).map((s) => s.body.request_id as number),
        };
      }),
    );
    await Promise.all(bought.filter((_, i) => raced[i].quoted > 0).map((b) => refunded(b.sid)));
    // Every analysis ends as a NO_TRADE: its credit comes back to the balance.
    for (const r of raced) for (const id of r.started) await release(id);
    // A start that won the lock before the request kept its credit out of the quote: that credit is the trader's to keep.
    // A winner holds, once everything settled, more credits than the 3 of the pack it was not paid back for.
    const winners = [];
    for (const [i, u] of traders.entries()) if (raced[i].quoted + (await balance(u)) > 3) winners.push(u.id);
    console.log(`refund-then-spend race: ${winners.length} of ${traders.length} traders kept credits they were paid back for`);
    expect(winners).toEqual([]);
  });

  test("a refund Stripe refuses gives the held credits back; the request can be made again", async () => {
    const u = await createUser();
    const { sid, id } = await buy(u);
    stand.failRefunds = true;
    const res = await refund(u, id).finally(() => {
      stand.failRefunds = false;
    });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe("payment_provider_error");
    expect(await balance(u)).toBe(3);
    expect(await purchase(sid)).toMatchObject({ status: "PAID", held_credits: 0 });
    expect((await refund(u, id)).body).toEqual({ status: "REFUND_PENDING", credits: 3, cents: 999 });
    await refunded(sid);
    expect(await ledgerOf(u.id)).toEqual([
      "PURCHASE 3 purchase",
      "REFUND_HOLD -3 purchase_refund_hold",
      "REFUND_HOLD 3 purchase_refund_release",
      "REFUND_HOLD -3 purchase_refund_hold",
    ]);
  });

  test("a dispute while the pack sits in running analyses claims each credit they release", async () => {
    const u = await createUser({ credits: 1 });
    const { sid, pi } = await buy(u);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await start(u)).body.request_id as number);
    expect(await balance(u)).toBe(1);
    await stand.dispute(pi);
    // The free credit is the only one on the balance: frozen now, the other two claimed when released.
    expect(await purchase(sid)).toMatchObject({ status: "DISPUTED", frozen_credits: 1, claimable_credits: 2 });
    await release(ids[0]);
    await use(ids[1]);
    await release(ids[2]);
    expect(await balance(u)).toBe(0);
    // 4 credits were unspent at the dispute, 3 of them the pack's: the LONG kept spent the free one, the pack's all left.
    expect((await start(u)).status).toBe(402);
    const id = (await purchase(sid)).id;
    expect((await reconcile(sql, 3_600_000)).filter((f) => f.detail.startsWith(`purchase ${id}:`))).toEqual([]);
  });
});

describe("item 2: refunds and disputes that arrive before the completion", () => {
  test("charge.refunded before checkout.session.completed: the completion credits the pack and the refund removes it", async () => {
    const u = await createUser();
    const { sid, pi, complete } = await payOnly(u);
    await stand.dashboardRefund(pi, 999);
    expect(kit.answers.at(-1)).toBe(200);
    await complete();
    expect(await balance(u)).toBe(0);
    expect(await purchase(sid)).toMatchObject({ status: "REFUNDED", returned_cents: 999 });
    // The refund kept until the payment was recorded is still mailed once it is applied.
    expect((await refundMails(u.email, 1))[0]).toContain("We have refunded 9.99 USD for your Trial Pack");
  });

  test("charge.dispute.created before the completion: the completion's credits are frozen at once", async () => {
    const u = await createUser();
    const { sid, pi, complete } = await payOnly(u, "standard");
    await stand.dispute(pi);
    await complete();
    expect(await balance(u)).toBe(0);
    expect(await purchase(sid)).toMatchObject({ status: "DISPUTED", frozen_credits: 12 });
  });
});

describe("item 4: refunds made in Stripe's dashboard", () => {
  test("a second partial refund removes credits in proportion to the total returned", async () => {
    const u = await createUser();
    const { sid, pi } = await buy(u, "standard");
    await stand.dashboardRefund(pi, 1200);
    expect(await balance(u)).toBe(8);
    await stand.dashboardRefund(pi, 2399);
    // 3599 of 3599 cents back: every one of the 12 credits leaves.
    expect(await balance(u)).toBe(0);
    expect(await purchase(sid)).toMatchObject({ status: "REFUNDED", returned_cents: 3599 });
    // A mail for each amount returned, with the running total as that refund left it (issue 33 §9); sent after the
    // answers, the two may reach the outbox in either order.
    const mails = await refundMails(u.email, 2);
    const first = mails.find((m) => m.includes("We have refunded 12.00 USD for your Standard Pack"));
    const second = mails.find((m) => m.includes("We have refunded 23.99 USD"));
    expect(first).toContain("Refunded in total: 12.00 USD of 35.99 USD paid");
    expect(first).toContain("Credits removed for it: 4");
    expect(first).toContain("Your balance: 8 credits");
    expect(second).toContain("Refunded in total: 35.99 USD of 35.99 USD paid");
    expect(second).toContain("Credits removed for it: 12");
    expect(second).toContain("Your balance: 0 credits");
  });
});

/** The refund mails in the outbox once `n` are there (they are sent after the webhook's answer), oldest first. */
async function refundMails(to: string, n: number): Promise<string[]> {
  const read = async () =>
    (
      await sql<
        { body_text: string }[]
      >`select body_text from mail_outbox where to_address = ${to} and subject = 'Your Tradewind refund is on its way' order by id`
    ).map((m) => m.body_text);
  return waitFor(async () => ((await read()).length >= n ? read() : null), 3000, `${n} refund mails`);
}

describe("reconcile reports each money finding planted in the books", () => {
  const findingsFor = async (purchaseId: number) =>
    (await reconcile(sql, 3_600_000, { stripe: stripeFor(kit.deps.config) }))
      .filter((f) => f.detail.startsWith(`purchase ${purchaseId}:`))
      .map((f) => f.detail);

  test("refund-then-spend as the old code left it: money back, 1 of 3 credits removed", async () => {
    const u = await createUser();
    const { id, pi } = await buy(u);
    // What the old code wrote: no hold, the removal capped by a balance already spent, refund_credits overwritten.
    await sql.begin(async (tx) => {
      await tx`update users set credits = credits - 2 where id = ${u.id}`;
      await tx`insert into credit_ledger (user_id, kind, amount, balance_after, reference_type, reference_id)
               values (${u.id}, 'DEDUCTION', -2, 1, 'test', 0), (${u.id}, 'ADJUSTMENT', -1, 0, 'purchase_refund', ${id})`;
      await tx`update users set credits = 0 where id = ${u.id}`;
      await tx`update purchases set status = 'REFUNDED', refund_credits = 1, refund_cents = 999, returned_cents = 999 where id = ${id}`;
    });
    stand.intents.get(pi)!.latest_charge.amount_refunded = 999;
    const found = await findingsFor(id);
    console.log(`reconcile on a planted refund-then-spend:\n${found.join("\n")}`);
    expect(found).toEqual([`purchase ${id}: 999 of 999 cents returned: 3 credits due, 1 removed, 0 recorded as already spent`]);
  });

  test("a refund and a dispute Stripe knows of that the books never applied", async () => {
    const u = await createUser();
    const a = await buy(u);
    const b = await buy(u);
    stand.intents.get(a.pi)!.latest_charge.amount_refunded = 500;
    stand.intents.get(b.pi)!.latest_charge.disputed = true;
    expect(await findingsFor(a.id)).toEqual([`purchase ${a.id}: Stripe has returned 500 cents, the books 0`]);
    expect(await findingsFor(b.id)).toEqual([`purchase ${b.id}: disputed at Stripe, not in the books`]);
  });
});
