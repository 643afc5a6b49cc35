// /api/billing: pack checkout, Stripe's webhook, purchase history, the 30-day money-back request, saved cards and portal.
import { Elysia, t } from "elysia";
import { REFUND_WINDOW_DAYS, type PackId } from "@core/ledger/packs";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { notFound } from "../../lib/http-error";
import { parseId } from "../../lib/params";
import { createLimiter } from "../../lib/rate-limit";
import { createMailer, type Mailer } from "../mail/service";
import { errorSchema } from "../signals/model";
import {
  billingConfigSchema,
  checkoutBody,
  checkoutResponse,
  checkoutStatusSchema,
  paymentMethodsSchema,
  portalResponse,
  purchaseSchema,
} from "./model";
import { checkoutStatus, createCheckout, forgetCards, listPurchases, paymentMethods, portalSession, requestRefund } from "./service";
import { stripeFor } from "./stripe-client";
import { receiveWebhook } from "./webhook";

/** The two routes without a session: whether checkout is on, and Stripe's signed events. */
const publicBillingRoutes = (deps: AppDeps, mailer: Mailer) =>
  new Elysia()
    .get(
      "/config",
      () => ({ enabled: stripeFor(deps.config) !== null, tax: deps.config.STRIPE_TAX === "1", refund_window_days: REFUND_WINDOW_DAYS }),
      {
        response: { 200: billingConfigSchema },
        detail: { summary: "Whether packs can be bought online here" },
      },
    )
    // The raw body, unparsed: the signature covers the exact bytes Stripe sent.
    .post("/stripe-webhook", async ({ request }) => receiveWebhook(deps, mailer, await request.text(), request.headers.get("stripe-signature")), {
      parse: "none",
      response: { 200: t.Object({ received: t.Boolean() }), 400: errorSchema, 409: errorSchema },
      detail: { summary: "Stripe events (signed)" },
    });

export const billingModule = (deps: AppDeps) => {
  const mailer = createMailer(deps);
  // Each checkout is a Stripe session and a row: 10 per trader in 10 minutes is plenty for a person choosing a pack.
  const checkouts = createLimiter(deps, { name: "billing-checkout", points: 10, durationSeconds: 600 });
  // Cards and the portal each cost a Stripe call, and Stripe allows about 100 a second for the whole account: one
  // trader gets 20 a minute over both, far above a person's use, far below what would starve everyone's checkouts.
  const stripeReads = createLimiter(deps, { name: "billing-stripe", points: 20, durationSeconds: 60 });
  const stripeRead = (userId: number) =>
    stripeReads.consume(`u:${userId}`, "Too many requests to the payment provider. Please wait a minute and try again.");
  return new Elysia({ prefix: "/api/billing", tags: ["billing"] })
    .use(publicBillingRoutes(deps, mailer))
    .use(authPlugin(deps))
    .post(
      "/checkout",
      async ({ user, body }) => {
        await checkouts.consume(`u:${user.id}`, "Too many checkouts started. Please wait a few minutes and try again.");
        return createCheckout(deps, user.id, body.pack as PackId);
      },
      {
        auth: true,
        body: checkoutBody,
        response: { 200: checkoutResponse, 409: errorSchema, 429: errorSchema, 502: errorSchema },
        detail: { summary: "Start a Stripe Checkout for a credit pack" },
      },
    )
    .get(
      "/checkout/:sessionId",
      ({ user, params }) => {
        // Stripe's session ids are cs_ and letters, digits, underscores; anything else is no session of ours.
        if (!/^cs_\w{1,250}$/.test(params.sessionId)) throw notFound("Checkout not found");
        return checkoutStatus(deps.sql, user.id, params.sessionId);
      },
      {
        auth: true,
        response: { 200: checkoutStatusSchema, 404: errorSchema },
        detail: { summary: "A checkout's state: credits on the way or arrived" },
      },
    )
    .get("/purchases", ({ user }) => listPurchases(deps.sql, user.id), {
      auth: true,
      response: { 200: t.Array(purchaseSchema) },
      detail: { summary: "My purchases, newest first" },
    })
    .post(
      "/purchases/:id/refund",
      ({ user, params }) => {
        const id = parseId(params.id);
        if (id === null) throw notFound("Purchase not found");
        return requestRefund(deps, user.id, id);
      },
      {
        auth: true,
        response: { 200: t.Object({ status: t.String(), credits: t.Number(), cents: t.Number() }), 404: errorSchema, 409: errorSchema },
        detail: { summary: "30-day money-back: refund a pack's unused credits" },
      },
    )
    .get(
      "/payment-methods",
      async ({ user }) => {
        await stripeRead(user.id);
        return paymentMethods(deps, user.id);
      },
      {
        auth: true,
        response: { 200: paymentMethodsSchema, 429: errorSchema, 502: errorSchema },
        detail: { summary: "Saved cards (from Stripe when configured)" },
      },
    )
    .post(
      "/portal",
      async ({ user }) => {
        await stripeRead(user.id);
        await forgetCards(deps, user.id);
        return portalSession(deps, user.id);
      },
      {
        auth: true,
        response: { 200: portalResponse, 409: errorSchema, 429: errorSchema, 502: errorSchema },
        detail: { summary: "Open Stripe's customer portal" },
      },
    );
};
