// Checkout sessions, the purchase history, the money-back request and saved cards; credits never move here (see fulfilment.ts).
import type Stripe from "stripe";
import type { Sql, Tx } from "@core/infra/db";
import { PACKS, REFUND_WINDOW_DAYS, refundQuote, type PackId } from "@core/ledger/packs";
import type { ServerDeps } from "../../deps";
import { HttpError, notFound } from "../../lib/http-error";
import { holdForRefund, type PurchaseRow, releaseHold } from "./books";
import { providerError, requireStripe, stripeFor } from "./stripe-client";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;

/** A Stripe call whose failure is logged and answered 502, never a 500 with the SDK's text. */
async function viaStripe<T>(deps: Deps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    deps.log.error("stripe call failed", { call: what, error: String(err) });
    throw providerError();
  }
}

/** The trader's Stripe customer, made once (saved cards and the portal hang off it). */
async function customerFor(deps: Deps, stripe: Stripe, userId: number): Promise<string> {
  const [known] = await deps.sql`select customer_id from billing_customers where user_id = ${userId}`;
  if (known) return known.customer_id as string;
  const [user] = await deps.sql`select email, first_name, last_name from users where id = ${userId}`;
  if (!user) throw notFound("User not found");
  const customer = await viaStripe(deps, "customers.create", () =>
    stripe.customers.create(
      { email: user.email, name: `${user.first_name} ${user.last_name}`.trim() || undefined, metadata: { user_id: String(userId) } },
      { idempotencyKey: `customer-${userId}` },
    ),
  );
  const [row] = await deps.sql`
    insert into billing_customers (user_id, customer_id) values (${userId}, ${customer.id})
    on conflict (user_id) do update set user_id = excluded.user_id returning customer_id`;
  return row.customer_id as string;
}

/** A Checkout Session for one pack: price, currency and credits from the server's table, never from the client. */
export async function createCheckout(deps: Deps, userId: number, packId: PackId) {
  const stripe = requireStripe(deps.config);
  const pack = PACKS[packId];
  const customer = await customerFor(deps, stripe, userId);
  const origin = deps.config.PUBLIC_ORIGIN;
  const metadata = { user_id: String(userId), pack: pack.id };
  const session = await viaStripe(deps, "checkout.sessions.create", () =>
    stripe.checkout.sessions.create({
      mode: "payment",
      customer,
      client_reference_id: String(userId),
      metadata,
      payment_intent_data: { metadata, setup_future_usage: "on_session" },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: pack.currency,
            unit_amount: pack.cents,
            product_data: { name: `${pack.name} — ${pack.credits} credits`, metadata: { pack: pack.id } },
          },
        },
      ],
      automatic_tax: { enabled: deps.config.STRIPE_TAX === "1" },
      // Stripe Tax needs the buyer's address: the hosted page asks for it and keeps it on the customer.
      ...(deps.config.STRIPE_TAX === "1" ? { customer_update: { address: "auto" as const, name: "auto" as const } } : {}),
      success_url: `${origin}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/pricing?checkout=cancelled`,
    }),
  );
  if (!session.url) throw providerError();
  await deps.sql`
    insert into purchases (user_id, pack, amount_cents, currency, credits, session_id)
    values (${userId}, ${pack.id}, ${pack.cents}, ${pack.currency}, ${pack.credits}, ${session.id})
    on conflict (session_id) do nothing`;
  return { id: session.id, url: session.url };
}

const refundUntil = (paidAt: Date | null) => (paidAt ? new Date(paidAt.getTime() + REFUND_WINDOW_DAYS * 86_400_000) : null);

/** The balance: credits promised to a pending refund already left it (REFUND_HOLD), so none is counted twice. */
async function balanceOf(db: Sql | Tx, userId: number): Promise<number> {
  const [row] = await db<{ credits: number }[]>`select credits from users where id = ${userId}`;
  return row?.credits ?? 0;
}

/** The purchase history, newest first, with each PAID pack's refund quote while its 30 days run. */
export async function listPurchases(sql: Sql, userId: number) {
  const [rows, available] = await Promise.all([
    // Abandoned and expired checkouts are not purchases; an async payment still on its way or failed is.
    sql`select p.*, b.credits_removed from purchases p join purchase_books b on b.id = p.id where p.user_id = ${userId}
          and (p.status not in ('PENDING', 'EXPIRED') or p.payment_intent_id is not null)
        order by p.created_at desc limit 100`,
    balanceOf(sql, userId),
  ]);
  return rows.map((r) => {
    const until = refundUntil(r.paid_at);
    const open = r.status === "PAID" && until !== null && until.getTime() > Date.now();
    return {
      id: Number(r.id),
      pack: r.pack as string,
      pack_name: PACKS[r.pack as PackId]?.name ?? r.pack,
      amount_cents: r.amount_cents as number,
      currency: r.currency as string,
      credits: r.credits as number,
      status: r.status as string,
      receipt_url: (r.receipt_url as string | null) ?? null,
      created_at: (r.created_at as Date).toISOString(),
      paid_at: r.paid_at ? (r.paid_at as Date).toISOString() : null,
      refunded_at: r.refunded_at ? (r.refunded_at as Date).toISOString() : null,
      // While pending: the request's quote; once money went back: what Stripe returned and what the books removed for it.
      refund_cents: (r.refund_cents as number | null) ?? null,
      refund_credits:
        r.status === "REFUND_PENDING"
          ? (r.held_credits as number)
          : r.refund_cents !== null
            ? (r.credits_removed as number) - (r.frozen_credits as number)
            : null,
      frozen_credits: r.frozen_credits as number,
      refund_until: until?.toISOString() ?? null,
      refund_quote: open ? refundQuote({ cents: r.amount_cents, credits: r.credits }, available) : null,
    };
  });
}

/** What the success page shows: still on the way, or credited with the balance it made. */
export async function checkoutStatus(sql: Sql, userId: number, sessionId: string) {
  const [row] = await sql`
    select p.status, p.pack, p.credits, u.credits as balance,
           exists (select 1 from credit_ledger where reference_type = 'purchase' and reference_id = p.id) as credited
    from purchases p join users u on u.id = p.user_id
    where p.session_id = ${sessionId} and p.user_id = ${userId}`;
  if (!row) throw notFound("Checkout not found");
  return {
    status: row.status as string,
    pack_name: PACKS[row.pack as PackId]?.name ?? row.pack,
    credits: row.credits as number,
    credited: row.credited as boolean,
    balance: row.balance as number,
  };
}

/**
 * The 30-day money-back request: under the purchase's and the user's row locks the quote is fixed and its credits held
 * (REFUND_HOLD: they leave the balance now, so no analysis can spend them while Stripe refunds); then Stripe refunds
 * the money. A refusal gives the hold back (books.ts).
 */
export async function requestRefund(deps: Deps, userId: number, purchaseId: number) {
  const stripe = requireStripe(deps.config);
  const quoted = await deps.sql.begin(async (tx) => {
    const [p] = await tx<PurchaseRow[]>`select * from purchases where id = ${purchaseId} and user_id = ${userId} for update`;
    if (!p) throw notFound("Purchase not found");
    refundable(p as PurchaseRow & { paid_at: Date | null });
    await tx`select id from users where id = ${userId} for update`;
    const quote = refundQuote({ cents: p.amount_cents, credits: p.credits }, await balanceOf(tx, userId));
    if (quote.credits === 0)
      throw new HttpError(409, "Every credit of this pack has been used, so nothing is left to refund").withCode("refund_nothing_unused");
    await holdForRefund(tx, p, quote);
    return { quote, paymentIntent: (p as unknown as { payment_intent_id: string }).payment_intent_id };
  });
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: quoted.paymentIntent,
        amount: quoted.quote.cents,
        metadata: { purchase_id: String(purchaseId), credits: String(quoted.quote.credits) },
      },
      { idempotencyKey: `purchase-${purchaseId}-refund-${await requestNumber(deps.sql, purchaseId)}` },
    );
    await deps.sql`update purchases set refund_id = ${refund.id} where id = ${purchaseId} and refund_id is null`;
  } catch (err) {
    // Stripe refused or did not answer: the held credits come back and the purchase is refundable again.
    await deps.sql.begin((tx) => releaseHold(tx, purchaseId, null));
    deps.log.error("stripe refund failed", { purchase_id: purchaseId, error: String(err) });
    throw providerError();
  }
  deps.log.info("refund requested", { purchase_id: purchaseId, user_id: userId, ...quoted.quote });
  return { status: "REFUND_PENDING", ...quoted.quote };
}

/** A PAID purchase inside its window, or the 409 saying why not. */
function refundable(p: { status: string; paid_at: Date | null }) {
  if (p.status !== "PAID")
    throw new HttpError(409, `This purchase cannot be refunded (it is ${String(p.status).toLowerCase().replace("_", " ")})`).withCode(
      "refund_not_available",
    );
  const until = refundUntil(p.paid_at);
  if (!until || until.getTime() <= Date.now())
    throw new HttpError(
      409,
      `The ${REFUND_WINDOW_DAYS}-day money-back period for this purchase ended on ${until?.toISOString().slice(0, 10)}`,
    ).withCode("refund_window_closed");
}

/**
 * Which request of this purchase this is (holds placed so far): a request made again after a refused one is a new
 * refund at Stripe, not the refused one's idempotent replay.
 */
async function requestNumber(sql: Sql, purchaseId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from credit_ledger where reference_type = 'purchase_refund_hold' and reference_id = ${purchaseId}`;
  return row.n;
}

/** How long a trader's card list is served from Redis: a reload or a second tab does not ask Stripe again. */
export const CARDS_CACHE_SECONDS = 30;
const cardsKey = (deps: Pick<ServerDeps, "keys">, userId: number) => deps.keys.key(`billing:cards:${userId}`);

/** A new card may have been saved (a paid checkout, the portal): the next read asks Stripe. */
export const forgetCards = (deps: Pick<ServerDeps, "redis" | "keys">, userId: number) => deps.redis.del(cardsKey(deps, userId));

type Card = { id: string; brand: string; last4: string; exp: string };

/**
 * One entry per card: each checkout that saves the card makes a new PaymentMethod of the same card (same fingerprint),
 * so a trader who bought twice saw it listed twice (issue 33 §9). Stripe lists the newest first; that one is kept.
 */
function distinctCards(methods: readonly Stripe.PaymentMethod[]): Stripe.PaymentMethod[] {
  const seen = new Set<string>();
  return methods.filter((m) => {
    const key = m.card?.fingerprint ?? m.id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Saved cards from Stripe, cached briefly; unconfigured, the card keeps the spec's local mock (configured: false). */
export async function paymentMethods(deps: Deps & Pick<ServerDeps, "redis" | "keys">, userId: number) {
  const stripe = stripeFor(deps.config);
  if (!stripe) return { configured: false, methods: [] };
  const cached = await deps.redis.get(cardsKey(deps, userId));
  if (cached) return { configured: true, methods: JSON.parse(cached) as Card[] };
  const [known] = await deps.sql`select customer_id from billing_customers where user_id = ${userId}`;
  if (!known) return { configured: true, methods: [] };
  const list = await viaStripe(deps, "customers.listPaymentMethods", () =>
    stripe.customers.listPaymentMethods(known.customer_id, { type: "card", limit: 20 }),
  );
  const methods: Card[] = distinctCards(list.data).map((m) => ({
    id: m.id,
    brand: m.card?.brand ?? "card",
    last4: m.card?.last4 ?? "····",
    exp: m.card ? `${String(m.card.exp_month).padStart(2, "0")}/${String(m.card.exp_year).slice(-2)}` : "",
  }));
  await deps.redis.set(cardsKey(deps, userId), JSON.stringify(methods), "EX", CARDS_CACHE_SECONDS);
  return { configured: true, methods };
}

/** Stripe's customer portal, where saved cards are added and removed; back to the profile afterwards. */
export async function portalSession(deps: Deps, userId: number) {
  const stripe = requireStripe(deps.config);
  const customer = await customerFor(deps, stripe, userId);
  const session = await viaStripe(deps, "billingPortal.sessions.create", () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${deps.config.PUBLIC_ORIGIN}/profile` }),
  );
  return { url: session.url };
}
