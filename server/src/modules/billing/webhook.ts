// POST /api/billing/stripe-webhook's work: the signature checked on the raw body, the event applied, the slow parts after.
import type Stripe from "stripe";
import { PACKS, REFUND_WINDOW_DAYS, type PackId } from "@core/ledger/packs";
import type { ServerDeps } from "../../deps";
import { HttpError } from "../../lib/http-error";
import type { Mailer } from "../mail/service";
import { type AfterCommit, applyEvent, type RefundFacts } from "./fulfilment";
import { forgetCards } from "./service";
import { requireStripe } from "./stripe-client";

type Deps = Pick<ServerDeps, "config" | "sql" | "log" | "redis" | "keys">;

/** Verifies and applies one delivery; a bad signature is a 400 and writes nothing. */
export async function receiveWebhook(deps: Deps, mailer: Mailer, rawBody: string, signature: string | null) {
  const stripe = requireStripe(deps.config);
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? "", deps.config.STRIPE_WEBHOOK_SECRET ?? "");
  } catch {
    deps.log.warn("stripe webhook with a bad signature refused");
    throw new HttpError(400, "Invalid Stripe signature").withCode("stripe_signature_invalid");
  }
  const after = await applyEvent(deps, event);
  // Stripe wants a quick 2xx: the receipt link and the confirmation mail are fetched and sent after answering.
  if (after.fulfilled) void afterFulfilment(deps, stripe, mailer, after.fulfilled);
  if (after.refunded) void refundMail(deps, mailer, after.refunded);
  return { received: true };
}

/** The charge's receipt link onto the purchase, then the confirmation mail; failures are logged, the credits stay. */
async function afterFulfilment(deps: Deps, stripe: Stripe, mailer: Mailer, done: NonNullable<AfterCommit["fulfilled"]>) {
  // The checkout saved the card: the cached list would hide it.
  await forgetCards(deps, done.userId).catch(() => {});
  try {
    if (done.paymentIntent) {
      const pi = await stripe.paymentIntents.retrieve(done.paymentIntent, { expand: ["latest_charge"] });
      const charge = pi.latest_charge && typeof pi.latest_charge === "object" ? pi.latest_charge : null;
      if (charge)
        await deps.sql`update purchases set charge_id = coalesce(charge_id, ${charge.id}), receipt_url = ${charge.receipt_url ?? null}
                       where id = ${done.purchaseId}`;
    }
  } catch (err) {
    deps.log.warn("stripe receipt lookup failed", { purchase_id: done.purchaseId, error: String(err) });
  }
  try {
    const [p] = await deps.sql`
      select p.*, u.email, u.credits as balance from purchases p join users u on u.id = p.user_id where p.id = ${done.purchaseId}`;
    await mailer.send({ to: p.email, subject: "Your Tradewind credits have arrived", text: confirmationText(p as unknown as MailedPurchase) });
  } catch (err) {
    deps.log.warn("purchase confirmation mail failed", { purchase_id: done.purchaseId, error: String(err) });
  }
}

type MailedPurchase = { pack: string; amount_cents: number; currency: string; credits: number; balance: number; receipt_url: string | null };

function confirmationText(p: MailedPurchase): string {
  const amount = `${(p.amount_cents / 100).toFixed(2)} ${String(p.currency).toUpperCase()}`;
  return [
    `Thank you for your purchase of the ${PACKS[p.pack as PackId]?.name ?? p.pack}.`,
    "",
    `Paid: ${amount}`,
    `Credits added: ${p.credits}`,
    `Your balance: ${p.balance} credits`,
    p.receipt_url ? `Receipt: ${p.receipt_url}` : null,
    "",
    `Within ${REFUND_WINDOW_DAYS} days you can ask for your money back for this pack's unused credits on your profile page.`,
  ]
    .filter((l) => l !== null)
    .join("\n");
}

/**
 * The trader hears that money went back (issue 33 §9): the app's own money-back and a refund made in Stripe's dashboard
 * alike, once per amount newly returned. After the commit, like the purchase mail; a failure is logged.
 */
async function refundMail(deps: Deps, mailer: Mailer, refunded: NonNullable<AfterCommit["refunded"]>) {
  try {
    const { facts } = refunded;
    await mailer.send({ to: facts.email, subject: "Your Tradewind refund is on its way", text: refundText(facts, refunded.cents) });
  } catch (err) {
    deps.log.warn("refund mail failed", { purchase_id: refunded.purchaseId, error: String(err) });
  }
}

function refundText(p: RefundFacts, cents: number): string {
  const money = (c: number) => `${(c / 100).toFixed(2)} ${String(p.currency).toUpperCase()}`;
  return [
    `We have refunded ${money(cents)} for your ${PACKS[p.pack as PackId]?.name ?? p.pack} to the card you paid with.`,
    "",
    `Refunded in total: ${money(p.returned_cents)} of ${money(p.amount_cents)} paid`,
    `Credits removed for it: ${p.removed}`,
    `Your balance: ${p.balance} credits`,
    "",
    "Banks usually show a refund within 5 to 10 business days.",
  ].join("\n");
}
