// The Web Push channel: the alert, encrypted for each of the user's subscribed browsers (VAPID), posted to their push
// services; a subscription the push service no longer knows (404/410) is removed.
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import { alertDetail, alertTitle } from "@core/alerts/alert-text";
import type { Config } from "@core/infra/config";
import type { ServerDeps } from "../../deps";
import { RefusedAddressError, allowLoopback, bareHost, checkDeploymentRules, parseWebhookUrl, pinnedLookup, resolvePublic } from "../../lib/ssrf";
import type { AlertChannel, AlertEvent } from "./channel";

const PUSH_TIMEOUT_MS = 10_000;
/** A push service may hold an undelivered alert this long; after a day the alert is stale news. */
const PUSH_TTL_SECONDS = 24 * 3600;

type Subscription = { id: number; endpoint: string; p256dh: string; auth: string };

const PUSH_CODES = {
  webhook_url_invalid: "push_endpoint_invalid",
  webhook_url_private: "push_endpoint_private",
  webhook_url_unresolvable: "push_endpoint_unresolvable",
  webhook_url_port: "push_endpoint_port",
  webhook_url_own: "push_endpoint_private",
} as const;

/** A push endpoint the guard refused; `code` is the API's error code. */
export class RefusedPushEndpoint extends Error {
  constructor(
    message: string,
    readonly code: (typeof PUSH_CODES)[keyof typeof PUSH_CODES],
  ) {
    super(message);
  }
}

/**
 * The webhook SSRF guard (lib/ssrf.ts), applied to a push endpoint: https only (plain http only to a loopback stand-in
 * where WEBHOOK_ALLOW_LOOPBACK allows one), every address the host resolves to public, and the webhook's deployment
 * rules: only WEBHOOK_PORTS, never this site's own host or addresses (an encrypted POST at a public Redis or mail port
 * is still a request cannon). Run when the browser subscribes and again before each delivery (DNS may have changed);
 * answers the address to pin the connection to.
 */
export async function checkPushEndpoint(
  config: Pick<Config, "WEBHOOK_ALLOW_LOOPBACK" | "isProduction" | "PUBLIC_ORIGIN" | "WEBHOOK_PORTS">,
  endpoint: string,
) {
  try {
    const url = parseWebhookUrl(endpoint);
    const loopback = allowLoopback(config);
    if (url.protocol !== "https:" && !loopback)
      throw new RefusedAddressError("A push endpoint must be an https URL of a push service", "webhook_url_invalid");
    const [pinned] = await resolvePublic(bareHost(url), loopback);
    checkDeploymentRules(config, url, pinned.address);
    return { url, pinned };
  } catch (err) {
    if (err instanceof RefusedAddressError) throw new RefusedPushEndpoint(pushWording(err, config, endpoint), PUSH_CODES[err.code]);
    throw err;
  }
}

/** The guard's wording names webhooks: a push endpoint's refusal is told in the push service's own words. */
function pushWording(err: RefusedAddressError, config: Pick<Config, "WEBHOOK_PORTS">, endpoint: string): string {
  if (err.code === "webhook_url_invalid") return "A push endpoint must be an https URL of a push service";
  if (err.code === "webhook_url_own") return "A push endpoint cannot be this site's own address";
  // Only a parsed URL reaches the port rule, so the endpoint parses here.
  if (err.code === "webhook_url_port")
    return `A push endpoint must use a web port (${config.WEBHOOK_PORTS.split(",").join(", ")}), not ${new URL(endpoint.trim()).port || "443"}`;
  return err.message;
}

/** What the service worker shows (web/public/sw.js reads these fields). */
export const pushPayload = (event: AlertEvent) =>
  JSON.stringify({ title: alertTitle(event), body: alertDetail(event), url: "/dashboard", tag: `signal-${event.signal_id}`, event_id: event.id });

/** One encrypted POST to the checked, pinned address; answers the push service's status, or throws when unreachable. */
async function post(config: Config, sub: Subscription, payload: string): Promise<number> {
  const { url, pinned } = await checkPushEndpoint(config, sub.endpoint);
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
    TTL: PUSH_TTL_SECONDS,
    vapidDetails: { subject: config.VAPID_SUBJECT, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
  });
  const client = url.protocol === "https:" ? https : http;
  return new Promise<number>((resolve, reject) => {
    // Redirects are never followed (a 3xx is just a status): one could lead to a private address.
    const req = client.request(
      url,
      { method: details.method, headers: details.headers as Record<string, string>, lookup: pinnedLookup(pinned) },
      (res) => {
        res.resume();
        clearTimeout(timer);
        resolve(res.statusCode ?? 0);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`push service timed out after ${PUSH_TIMEOUT_MS / 1000} s`)), PUSH_TIMEOUT_MS);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(details.body);
  });
}

async function pushTo(deps: ServerDeps, sub: Subscription, payload: string): Promise<string | null> {
  let status: number;
  try {
    status = await post(deps.config, sub, payload);
  } catch (err) {
    // A refused address cannot become deliverable by retrying: the device is skipped, and the attempt logged.
    if (!(err instanceof RefusedPushEndpoint)) throw err;
    deps.log.warn("push endpoint refused at delivery", { subscription_id: sub.id, code: err.code, error: err.message });
    return null;
  }
  if (status === 404 || status === 410) {
    await deps.sql`delete from push_subscriptions where id = ${sub.id}`;
    deps.log.info("push subscription gone, removed", { subscription_id: sub.id, status });
    return null;
  }
  if (status >= 200 && status < 300) {
    await deps.sql`update push_subscriptions set last_push_at = now() where id = ${sub.id}`;
    return null;
  }
  return `push service answered ${status}`;
}

/** At most this many POSTs to push services at once per delivery: one alert must not open a burst of connections. */
export const PUSH_CONCURRENCY = 4;

/** Runs `work` over `items`, at most `limit` at a time; answers every outcome in order. */
async function settledPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]).then(
        (value) => ({ status: "fulfilled", value }) as const,
        (reason) => ({ status: "rejected", reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export const pushChannel: AlertChannel = {
  name: "push",
  // Every device that has not had this event yet is tried; one that failed for a reason worth retrying makes the
  // delivery retry, and the retry reaches only the devices still without it (push_sent keeps who had it).
  deliver: async (deps, event) => {
    const subs = await deps.sql<Subscription[]>`
      select id, endpoint, p256dh, auth from push_subscriptions s
      where user_id = ${event.user_id} and not exists (select 1 from push_sent p where p.event_id = ${event.id} and p.subscription_id = s.id)
        -- Only browsers whose session is still live (one that ended without a revocation, by expiry, included).
        and (s.session_id is null or exists (
          select 1 from login_sessions ls where ls.id = s.session_id and ls.status = 'active' and ls.expires_at > now()))
      order by id`;
    const payload = pushPayload(event);
    const results = await settledPool(subs, PUSH_CONCURRENCY, async (s) => {
      const error = await pushTo(deps, s, payload);
      if (error === null)
        await deps.sql`insert into push_sent (event_id, subscription_id) select ${event.id}, id from push_subscriptions where id = ${s.id} on conflict do nothing`;
      return error;
    });
    const errors = results.map((r) => (r.status === "rejected" ? String(r.reason) : r.value)).filter((e): e is string => e !== null);
    if (errors.length) throw new Error(`${errors.length} of ${subs.length} push deliveries failed: ${errors[0]}`);
  },
};
