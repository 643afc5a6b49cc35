// The one Stripe SDK client per configuration: Bun's fetch as its HTTP client, STRIPE_API_BASE (tests) as its host.
import Stripe from "stripe";
import type { Config } from "@core/infra/config";
import { stripeResponses } from "@core/infra/metrics";
import { HttpError } from "../../lib/http-error";

const clients = new WeakMap<Config, Stripe>();

/** The client, or null when Stripe is not configured (the pricing page keeps the spec's "coming soon" alert). */
export function stripeFor(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const known = clients.get(config);
  if (known) return known;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    // Bun resolves the SDK's worker build: fetch for HTTP, WebCrypto for signatures (hence the *Async webhook calls).
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port) || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  // Every answer counted, 429s on their own: Stripe's limit is per account, so one hot path starves every checkout.
  client.on("response", (e: Stripe.ResponseEvent) => stripeResponses.inc({ status: e.status === 429 ? "429" : `${Math.floor(e.status / 100)}xx` }));
  clients.set(config, client);
  return client;
}

/** The configured client, or a 409 the pricing page explains (payments are not switched on here). */
export function requireStripe(config: Config): Stripe {
  const client = stripeFor(config);
  if (!client) throw new HttpError(409, "Online payment is not available yet").withCode("billing_not_configured");
  return client;
}

/** A failed call to Stripe: logged by the caller, answered as 502 so the client can say "try again". */
export const providerError = () => new HttpError(502, "The payment provider did not answer; please try again").withCode("payment_provider_error");
