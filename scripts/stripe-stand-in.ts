// A local stand-in for the few Stripe endpoints the app calls, its hosted checkout page (Pay / Cancel) and signed webhooks.
import Stripe from "stripe";

// biome-ignore lint/suspicious/noExplicitAny: Stripe's wire objects, loosely shaped on purpose in a test stand-in
type Obj = Record<string, any>;
export type StandIn = ReturnType<typeof startStripeStandIn>;

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

/**
 * Started by the tests. `deliver` receives each signed event (body, Stripe-Signature header); by default it is POSTed
 * to `webhookUrl`. Everything the app created is kept in memory for the tests to inspect.
 */
export function startStripeStandIn(opts: { secret: string; webhookUrl?: string; deliver?: (body: string, sig: string) => Promise<unknown> }) {
  const sdk = new Stripe("sk_test_stand_in", { httpClient: Stripe.createFetchHttpClient() });
  const sessions = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const cards = new Map<string, Obj[]>();
  const refunds: Obj[] = [];
  const delivered: Obj[] = [];
  let n = 0;
  const id = (prefix: string) => `${prefix}_test_${(++n).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const state = { webhookUrl: opts.webhookUrl };
  let held: Array<() => Promise<unknown>> | null = null;

  /** Queues the stand-in's own later events until the returned function sends them (a slow Stripe). */
  function holdDeliveries() {
    held ??= [];
    return async () => {
      const queued = held ?? [];
      held = null;
      for (const f of queued) await f();
    };
  }
  let release: (() => Promise<void>) | null = null;

  /** Browser tests run in another process: POST /_control/hold and /_control/release hold and send the events. */
  async function control(path: string): Promise<Response> {
    if (path === "/_control/hold") release = holdDeliveries();
    else if (path === "/_control/release") await (release ?? (async () => {}))();
    else return new Response("not found", { status: 404 });
    return Response.json({ ok: true });
  }

  /** The same signed delivery once more (Stripe retries and duplicates). */
  async function deliverAgain(sent: { body: string; sig: string }) {
    if (opts.deliver) return opts.deliver(sent.body, sent.sig);
    if (state.webhookUrl)
      return fetch(state.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": sent.sig },
        body: sent.body,
      });
  }

  /** Signs an event the way Stripe does (the SDK's own test helper) and delivers it; returns the event. */
  async function send(type: string, object: Obj, eventId = id("evt")) {
    const event = { id: eventId, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false };
    const body = JSON.stringify(event);
    const sig = await sdk.webhooks.generateTestHeaderStringAsync({ payload: body, secret: opts.secret });
    delivered.push(event);
    if (opts.deliver) await opts.deliver(body, sig);
    else if (state.webhookUrl)
      await fetch(state.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": sig }, body });
    return { event, body, sig };
  }

  /** The customer pays: a PaymentIntent with a charge and a saved card, then the completed event (async: unpaid first). */
  function pay(sessionId: string, async = false) {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    const pi = id("pi");
    const charge = {
      id: id("ch"),
      object: "charge",
      payment_intent: pi,
      amount: s.amount_total,
      amount_refunded: 0,
      refunded: false,
      receipt_url: `${base}/receipts/${pi}`,
    };
    intents.set(pi, { id: pi, object: "payment_intent", amount: s.amount_total, latest_charge: charge, metadata: s.metadata });
    const saved = cards.get(s.customer) ?? [];
    saved.push({ id: id("pm"), object: "payment_method", type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } });
    cards.set(s.customer, saved);
    Object.assign(s, { payment_intent: pi, status: "complete", payment_status: async ? "unpaid" : "paid" });
    return { session: s, charge };
  }

  async function refund(params: Obj) {
    const pi = intents.get(params.payment_intent);
    if (!pi) return Response.json({ error: { type: "invalid_request_error", message: "No such payment_intent" } }, { status: 404 });
    const r = {
      id: id("re"),
      object: "refund",
      amount: Number(params.amount ?? pi.amount),
      payment_intent: pi.id,
      status: "succeeded",
      metadata: params.metadata ?? {},
    };
    refunds.push(r);
    const charge = pi.latest_charge;
    Object.assign(charge, { amount_refunded: charge.amount_refunded + r.amount, refunded: charge.amount_refunded + r.amount >= charge.amount });
    // Stripe tells the app afterwards, on its own connection (held back while a test holds deliveries).
    const later = () => send("charge.refunded", { ...charge }).catch(() => {});
    if (held) held.push(later);
    else setTimeout(later, 20);
    return Response.json(r);
  }

  async function api(req: Request, path: string): Promise<Response> {
    const params = req.method === "POST" ? parseForm(await req.text()) : {};
    if (path === "/v1/customers") return Response.json({ id: id("cus"), object: "customer", email: params.email, metadata: params.metadata });
    if (path === "/v1/checkout/sessions") {
      const line = params.line_items["0"];
      const amount = Number(line.price_data.unit_amount) * Number(line.quantity);
      const sid = id("cs");
      const s = {
        id: sid,
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
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        url: `${base}/pay/${sid}`,
      };
      sessions.set(sid, s);
      return Response.json(s);
    }
    const cs = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
    if (cs && sessions.has(cs[1])) return Response.json(sessions.get(cs[1]));
    const pi = path.match(/^\/v1\/payment_intents\/([\w]+)$/);
    if (pi && intents.has(pi[1])) return Response.json(intents.get(pi[1]));
    if (path === "/v1/refunds") return refund(params);
    const pm = path.match(/^\/v1\/customers\/([\w]+)\/payment_methods$/);
    if (pm) return Response.json({ object: "list", data: cards.get(pm[1]) ?? [], has_more: false, url: path });
    if (path === "/v1/billing_portal/sessions")
      return Response.json({
        id: id("bps"),
        object: "billing_portal.session",
        url: `${base}/portal?customer=${params.customer}`,
        return_url: params.return_url,
      });
    return Response.json({ error: { type: "invalid_request_error", message: `stand-in has no ${req.method} ${path}` } }, { status: 404 });
  }

  async function hosted(req: Request, path: string): Promise<Response> {
    const [, , sid, action] = path.split("/");
    const s = sessions.get(sid);
    if (!s) return new Response("No such checkout", { status: 404 });
    if (req.method === "GET") return new Response(page(s), { headers: { "content-type": "text/html; charset=utf-8" } });
    if (action === "cancel") return Response.redirect(s.cancel_url, 303);
    pay(sid);
    const completed = () => send("checkout.session.completed", { ...s });
    // Held (a slow Stripe), the trader is back on the success page before the event; otherwise it is delivered first.
    if (held) held.push(completed);
    else await completed();
    return Response.redirect(s.success_url.replace("{CHECKOUT_SESSION_ID}", sid), 303);
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path.startsWith("/v1/")) return api(req, path);
      if (path.startsWith("/pay/")) return hosted(req, path);
      if (path.startsWith("/_control/") && req.method === "POST") return control(path);
      if (path.startsWith("/receipts/") || path === "/portal")
        return new Response(`<!doctype html><title>Stand-in</title><p>${path}</p>`, { headers: { "content-type": "text/html" } });
      return new Response("not found", { status: 404 });
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  return { base, state, sessions, intents, refunds, delivered, send, pay, deliverAgain, holdDeliveries, stop: () => server.stop(true) };
}
