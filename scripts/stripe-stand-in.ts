// A local stand-in for the few Stripe endpoints the app calls, its hosted checkout page (Pay / Cancel) and signed webhooks.
import Stripe from "stripe";

// biome-ignore lint/suspicious/noExplicitAny: Stripe's wire objects, loosely shaped on purpose in a test stand-in
type Obj = Record<string, any>;
type Deliver = (body: string, sig: string) => Promise<unknown>;
type Sent = { event: Obj; body: string; sig: string };

/** `a[b][0][c]=1` form bodies (how the SDK encodes) into nested objects; numeric keys stay object keys, enough here. */
function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let at = out;
    path.forEach((p, i) => {
      if (i === path.length - 1) at[p] = value;
      else at = at[p] ??= {};
    });
  }
  return out;
}

const page = (s: Obj) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Stripe Checkout (stand-in)</title><style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
button{display:block;width:100%;margin:8px 0;padding:12px;font-size:16px}</style></head><body>
<h1>Pay Tradewind</h1><p>${s.line_name}</p><p><strong>${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}</strong></p>
<form method="post" action="/pay/${s.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${s.id}/cancel"><button type="submit">Cancel</button></form></body></html>`;

const stripeError = (message: string, status = 404) => Response.json({ error: { type: "invalid_request_error", message } }, { status });

/**
 * Started by the tests. `deliver` receives each signed event (body, Stripe-Signature header); without it events are
 * POSTed to `state.webhookUrl`. Everything the app created is kept in memory for the tests to inspect.
 */
class StripeStandIn {
  readonly sessions = new Map<string, Obj>();
  readonly intents = new Map<string, Obj>();
  readonly refunds: Obj[] = [];
  readonly delivered: Obj[] = [];
  readonly state: { webhookUrl?: string };
  readonly base: string;
  private readonly cards = new Map<string, Obj[]>();
  private readonly sdk = new Stripe("sk_test_stand_in", { httpClient: Stripe.createFetchHttpClient() });
  private readonly server: ReturnType<typeof Bun.serve>;
  /** Set by a test: the next refunds are refused as Stripe refuses them (a card that cannot take money back). */
  failRefunds = false;
  /** Set by a test: this many next API calls get Stripe's 429 (its per-account rate limit). */
  rateLimitNext = 0;
  /** API calls received, by method and path (`GET /v1/customers/cus_…/payment_methods`). */
  readonly calls: string[] = [];
  private held: Array<() => Promise<unknown>> | null = null;
  private release: (() => Promise<void>) | null = null;
  private n = 0;

  constructor(private readonly opts: { secret: string; webhookUrl?: string; deliver?: Deliver }) {
    this.state = { webhookUrl: opts.webhookUrl };
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req) => this.route(req) });
    this.base = `http://127.0.0.1:${this.server.port}`;
  }

  stop() {
    this.server.stop(true);
  }

  private id(prefix: string) {
    return `${prefix}_test_${(++this.n).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  }

  private route(req: Request): Response | Promise<Response> {
    const path = new URL(req.url).pathname;
    if (path.startsWith("/v1/")) return this.api(req, path);
    if (path.startsWith("/pay/")) return this.hosted(req, path);
    if (path.startsWith("/_control/") && req.method === "POST") return this.control(path);
    if (path.startsWith("/receipts/") || path === "/portal")
      return new Response(`<!doctype html><title>Stand-in</title><p>${path}</p>`, { headers: { "content-type": "text/html" } });
    return new Response("not found", { status: 404 });
  }

  private post(body: string, sig: string) {
    if (this.opts.deliver) return this.opts.deliver(body, sig);
    if (this.state.webhookUrl)
      return fetch(this.state.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": sig }, body });
  }

  /** Signs an event the way Stripe does (the SDK's own test helper) and delivers it. */
  async send(type: string, object: Obj, eventId = this.id("evt")): Promise<Sent> {
    const event = { id: eventId, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false };
    const body = JSON.stringify(event);
    const sig = await this.sdk.webhooks.generateTestHeaderStringAsync({ payload: body, secret: this.opts.secret });
    this.delivered.push(event);
    await this.post(body, sig);
    return { event, body, sig };
  }

  /** A customer's saved PaymentMethods as Stripe would list them (newest first). */
  listCards(customer: string): Obj[] {
    return this.cards.get(customer) ?? [];
  }

  /** The same signed delivery once more (Stripe retries and duplicates). */
  async deliverAgain(sent: Sent) {
    return this.post(sent.body, sent.sig);
  }

  /** Queues the stand-in's own later events until the returned function sends them (a slow Stripe). */
  holdDeliveries() {
    this.held ??= [];
    return async () => {
      const queued = this.held ?? [];
      this.held = null;
      for (const f of queued) await f();
    };
  }

  private later(f: () => Promise<unknown>, delayMs: number) {
    if (this.held) this.held.push(f);
    else if (delayMs) setTimeout(() => void f().catch(() => {}), delayMs);
    else return f();
  }

  /** Browser tests run in another process: POST /_control/hold and /_control/release hold and send the events. */
  private async control(path: string): Promise<Response> {
    if (path === "/_control/hold") this.release = this.holdDeliveries();
    else if (path === "/_control/release") await this.release?.();
    else return new Response("not found", { status: 404 });
    return Response.json({ ok: true });
  }

  /**
   * The customer pays: a PaymentIntent with a charge and a saved card (async: the session stays unpaid for now). As
   * Stripe does, each payment saves a new PaymentMethod, the same card under the same fingerprint, listed newest first.
   */
  pay(sessionId: string, async = false, card: StandInCard = VISA_4242) {
    const s = this.sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    const pi = this.id("pi");
    const charge = {
      id: this.id("ch"),
      object: "charge",
      payment_intent: pi,
      amount: s.amount_total,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      receipt_url: `${this.base}/receipts/${pi}`,
    };
    this.intents.set(pi, { id: pi, object: "payment_intent", amount: s.amount_total, latest_charge: charge, metadata: s.metadata });
    this.cards.set(s.customer, [
      { id: this.id("pm"), object: "payment_method", type: "card", card: { ...card } },
      ...(this.cards.get(s.customer) ?? []),
    ]);
    Object.assign(s, { payment_intent: pi, status: "complete", payment_status: async ? "unpaid" : "paid" });
    return { session: s, charge };
  }

  /** Money sent back from Stripe's dashboard, outside the app: the charge grows its amount_refunded and says so. */
  async dashboardRefund(paymentIntent: string, amount: number): Promise<Sent> {
    const charge = this.intents.get(paymentIntent)?.latest_charge;
    if (!charge) throw new Error(`no payment intent ${paymentIntent}`);
    const total = Math.min(charge.amount, charge.amount_refunded + amount);
    Object.assign(charge, { amount_refunded: total, refunded: total >= charge.amount });
    return this.send("charge.refunded", { ...charge });
  }

  /** The card holder disputes the charge with their bank: the charge is marked disputed and the event sent. */
  async dispute(paymentIntent: string): Promise<Sent> {
    const charge = this.intents.get(paymentIntent)?.latest_charge;
    if (!charge) throw new Error(`no payment intent ${paymentIntent}`);
    charge.disputed = true;
    const dispute = { id: this.id("dp"), object: "dispute", payment_intent: paymentIntent, charge: charge.id, amount: charge.amount };
    return this.send("charge.dispute.created", dispute);
  }

  private createSession(params: Obj): Obj {
    const line = params.line_items["0"];
    const amount = Number(line.price_data.unit_amount) * Number(line.quantity);
    const id = this.id("cs");
    const s = {
      id,
      object: "checkout.session",
      mode: params.mode,
      customer: params.customer,
      client_reference_id: params.client_reference_id,
      metadata: params.metadata,
      amount_subtotal: amount,
      amount_total: amount,
      currency: line.price_data.currency,
      line_name: line.price_data.product_data.name,
      automatic_tax: { enabled: params.automatic_tax?.enabled === "true" },
      customer_update: params.customer_update ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      url: `${this.base}/pay/${id}`,
    };
    this.sessions.set(id, s);
    return s;
  }

  private refund(params: Obj): Response {
    const pi = this.intents.get(params.payment_intent);
    if (!pi) return stripeError("No such payment_intent");
    if (this.failRefunds) return stripeError("This charge cannot be refunded", 400);
    const amount = Number(params.amount ?? pi.amount);
    const r = { id: this.id("re"), object: "refund", amount, payment_intent: pi.id, status: "succeeded", metadata: params.metadata ?? {} };
    this.refunds.push(r);
    const charge = pi.latest_charge;
    Object.assign(charge, { amount_refunded: charge.amount_refunded + amount, refunded: charge.amount_refunded + amount >= charge.amount });
    // Stripe tells the app afterwards, on its own connection.
    void this.later(() => this.send("charge.refunded", { ...charge }), 20);
    return Response.json(r);
  }

  private async api(req: Request, path: string): Promise<Response> {
    this.calls.push(`${req.method} ${path}`);
    if (this.rateLimitNext > 0) {
      this.rateLimitNext--;
      return Response.json({ error: { type: "rate_limit_error", message: "Too many requests" } }, { status: 429 });
    }
    const params = req.method === "POST" ? parseForm(await req.text()) : {};
    const [, , kind, id, sub] = path.split("/");
    if (path === "/v1/customers") return Response.json({ id: this.id("cus"), object: "customer", email: params.email, metadata: params.metadata });
    if (path === "/v1/checkout/sessions") return Response.json(this.createSession(params));
    if (path === "/v1/refunds") return this.refund(params);
    if (path === "/v1/billing_portal/sessions")
      return Response.json({ id: this.id("bps"), object: "billing_portal.session", url: `${this.base}/portal?customer=${params.customer}` });
    if (kind === "checkout" && this.sessions.has(sub)) return Response.json(this.sessions.get(sub));
    if (kind === "payment_intents" && this.intents.has(id)) return Response.json(this.intents.get(id));
    if (kind === "customers" && sub === "payment_methods")
      return Response.json({ object: "list", data: this.cards.get(id) ?? [], has_more: false, url: path });
    return stripeError(`stand-in has no ${req.method} ${path}`);
  }

  /** The hosted page: Pay delivers checkout.session.completed (held: after the redirect) and returns to success_url. */
  private async hosted(req: Request, path: string): Promise<Response> {
    const [, , sid, action] = path.split("/");
    const s = this.sessions.get(sid);
    if (!s) return new Response("No such checkout", { status: 404 });
    if (req.method === "GET") return new Response(page(s), { headers: { "content-type": "text/html; charset=utf-8" } });
    if (action === "cancel") return Response.redirect(s.cancel_url, 303);
    this.pay(sid);
    await this.later(() => this.send("checkout.session.completed", { ...s }), 0);
    return Response.redirect(s.success_url.replace("{CHECKOUT_SESSION_ID}", sid), 303);
  }
}

export type StandIn = StripeStandIn;
export type StandInCard = { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
export const VISA_4242: StandInCard = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030, fingerprint: "fpVisa4242standin" };

export const startStripeStandIn = (opts: { secret: string; webhookUrl?: string; deliver?: Deliver }) => new StripeStandIn(opts);
