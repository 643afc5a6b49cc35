// Property: any interleaving of buy, refund request, analysis start/finish, charge.refunded (full, partial), dispute and
// completion, in any order and duplicated, ends with issue 31's invariants, and reconcile is clean exactly when they hold.
import { afterAll, expect, test } from "bun:test";
import fc from "fast-check";
import { creditsForCents, PACKS } from "@core/ledger/packs";
import { reconcile } from "../../../../scripts/reconcile";
import { closeTestDeps, createUser, type TestUser } from "../../../../test/helpers";
import { stripeFor } from "./stripe-client";
import { failAnalysis } from "../../../../engine/src/analysis/settle";
import { moneyKit } from "./testing";

const kit = moneyKit("whsec_moneyproperty0123456789", failAnalysis);
const { stand, sql } = kit;

afterAll(async () => {
  await kit.close();
  await closeTestDeps();
});

type Action =
  | { do: "complete" | "request" | "start" | "dispute" | "flush" | "redeliver" }
  | { do: "use" | "release"; k: number }
  | { do: "dashboard"; cents: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom<Action>({ do: "complete" }, { do: "request" }, { do: "start" }, { do: "dispute" }, { do: "flush" }, { do: "redeliver" }),
  fc.record({ do: fc.constantFrom<"use" | "release">("use", "release"), k: fc.nat(5) }),
  fc.record({ do: fc.constant<"dashboard">("dashboard"), cents: fc.integer({ min: 1, max: 999 }) }),
);

type Run = {
  u: TestUser;
  sid: string;
  pi: string;
  purchaseId: number;
  quotes: number[];
  running: number[];
  sent: Awaited<ReturnType<typeof stand.send>>[];
};

/** Plays one action. The stand-in's own refund events wait in its queue until a "flush": Stripe's delay, in any order. */
async function play(r: Run, a: Action, completion: () => Promise<Run["sent"][number]>) {
  if (a.do === "complete") r.sent.push(await completion());
  else if (a.do === "request") {
    const res = await kit.refund(r.u, r.purchaseId);
    if (res.status === 200) r.quotes.push(res.body.credits);
  } else if (a.do === "start") {
    const res = await kit.start(r.u);
    if (res.status === 200) r.running.push(res.body.request_id);
  } else if (a.do === "use" || a.do === "release") {
    const [id] = r.running.splice(a.k % Math.max(1, r.running.length), 1);
    if (id !== undefined) await (a.do === "use" ? kit.use(id) : kit.release(id));
  } else if (a.do === "dispute") {
    if (!stand.intents.get(r.pi)!.latest_charge.disputed) r.sent.push(await stand.dispute(r.pi));
  } else if (a.do === "dashboard") {
    const charge = stand.intents.get(r.pi)!.latest_charge;
    if (charge.amount_refunded < charge.amount) r.sent.push(await stand.dashboardRefund(r.pi, a.cents));
  } else if (a.do === "redeliver" && r.sent.length) await stand.deliverAgain(r.sent[r.sent.length - 1]);
  else if (a.do === "flush") await flush(true);
}

let sendHeld: () => Promise<void> = async () => {};
/** Sends what the stand-in queued; keeps queueing afterwards unless this is the run's end. */
async function flush(keepHolding: boolean) {
  await sendHeld();
  if (keepHolding) sendHeld = stand.holdDeliveries();
}

/**
 * The invariants, read from the ledger and from Stripe's own state (the stand-in), not from the purchase row:
 * every quoted credit held at its request; what money went back owes (in proportion, or all of a disputed pack) removed,
 * unless the trader had nothing left to take it from; no credit removed twice; nobody below zero.
 */
async function invariantsHold(r: Run): Promise<string[]> {
  const pack = PACKS.trial;
  const charge = stand.intents.get(r.pi)!.latest_charge;
  const [b] = await sql`
    select u.credits, coalesce(sum(l.amount) filter (where l.reference_type = 'purchase'), 0)::int as granted,
           coalesce(-sum(l.amount) filter (where l.reference_type like 'purchase_%'), 0)::int as removed,
           count(*) filter (where l.kind = 'REFUND_HOLD' and l.amount < 0)::int as holds,
           coalesce(-sum(l.amount) filter (where l.kind = 'REFUND_HOLD'), 0)::int as held
    from users u left join credit_ledger l on l.user_id = u.id and l.reference_id = ${r.purchaseId}
    where u.id = ${r.u.id} group by u.id`;
  const broken: string[] = [];
  const quoted = r.quotes.reduce((a, q) => a + q, 0);
  if (b.holds !== r.quotes.length || b.held !== quoted) broken.push(`quoted ${quoted} in ${r.quotes.length} request(s), held ${b.held}`);
  const due = b.granted === 0 ? 0 : charge.disputed ? pack.credits : Math.max(quoted, creditsForCents(pack, charge.amount_refunded));
  if (b.removed > due) broken.push(`removed ${b.removed}, owed ${due}`);
  // Every analysis has ended: a credit owed and not removed may only be one the trader had already spent.
  if (b.removed < due && b.credits > 0) broken.push(`owed ${due}, removed ${b.removed}, yet ${b.credits} credits left`);
  if (b.credits < 0) broken.push(`balance ${b.credits}`);
  return broken;
}

const findingsOf = async (purchaseId: number, userId: number) =>
  (await reconcile(sql, 3_600_000, { stripe: stripeFor(kit.deps.config) })).filter(
    (f) => f.detail.startsWith(`purchase ${purchaseId}:`) || f.detail.startsWith(`user ${userId}:`),
  );

/** A planted leak: credits owed back handed to the trader again, or money returned at Stripe that no event told the app of. */
async function plantLeak(r: Run) {
  const [row] = await sql`select removed from (select coalesce(-sum(amount), 0)::int as removed from credit_ledger
                          where user_id = ${r.u.id} and reference_id = ${r.purchaseId} and reference_type like 'purchase_%') x`;
  if (row.removed > 0) {
    const { applyCreditChange } = await import("@core/ledger/credits");
    await sql.begin((tx) =>
      applyCreditChange(tx, { userId: r.u.id, kind: "ADJUSTMENT", amount: 1, referenceType: "purchase_claim", referenceId: r.purchaseId }),
    );
    return true;
  }
  const charge = stand.intents.get(r.pi)!.latest_charge;
  const [u] =
    await sql`select u.credits, exists (select 1 from credit_ledger where reference_type = 'purchase' and reference_id = ${r.purchaseId}) as granted
                        from users u where id = ${r.u.id}`;
  if (u.credits === 0 || !u.granted || charge.disputed) return false;
  charge.amount_refunded = charge.amount; // returned at Stripe, the event lost
  return true;
}

test("any interleaving, duplicated: the invariants hold and reconcile is clean; a planted leak breaks both", async () => {
  let runs = 0;
  let planted = 0;
  await fc.assert(
    fc.asyncProperty(fc.boolean(), fc.array(action, { minLength: 1, maxLength: 14 }), async (free, actions) => {
      runs++;
      const u = await createUser({ credits: free ? 1 : 0 });
      const paid = await kit.payOnly(u, "trial");
      sendHeld = stand.holdDeliveries();
      const r: Run = { u, sid: paid.sid, pi: paid.pi, purchaseId: Number((await kit.purchase(paid.sid)).id), quotes: [], running: [], sent: [] };
      for (const a of actions) await play(r, a, paid.complete);
      await flush(false);
      for (const id of r.running) await kit.release(id);
      const broken = await invariantsHold(r);
      const findings = await findingsOf(r.purchaseId, u.id);
      expect({ broken, findings }).toEqual({ broken: [], findings: [] });
      if (await plantLeak(r)) {
        planted++;
        expect((await invariantsHold(r)).length).toBeGreaterThan(0);
        expect((await findingsOf(r.purchaseId, u.id)).length).toBeGreaterThan(0);
      }
    }),
    { numRuns: 100 },
  );
  console.log(`money property: ${runs} interleavings, ${planted} with a planted leak`);
}, 120_000);
