// The Web Push channel: the alert, encrypted for each of the user's subscribed browsers (VAPID), posted to their push
// services; a subscription the push service no longer knows (404/410) is removed.
import webpush from "web-push";
import { alertDetail, alertTitle } from "@core/alert-text";
import type { Config } from "@core/config";
import type { ServerDeps } from "../../deps";
import type { AlertChannel, AlertEvent } from "./channel";

const PUSH_TIMEOUT_MS = 10_000;
/** A push service may hold an undelivered alert this long; after a day the alert is stale news. */
const PUSH_TTL_SECONDS = 24 * 3600;

type Subscription = { id: number; endpoint: string; p256dh: string; auth: string };

/** Push endpoints are https; plain http only to this machine outside production (a local stand-in push service). */
export function pushEndpointAllowed(config: Pick<Config, "isProduction">, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (url.protocol === "https:") return !loopback || !config.isProduction;
  return url.protocol === "http:" && loopback && !config.isProduction;
}

/** What the service worker shows (web/public/sw.js reads these fields). */
export const pushPayload = (event: AlertEvent) =>
  JSON.stringify({ title: alertTitle(event), body: alertDetail(event), url: "/dashboard", tag: `signal-${event.signal_id}`, event_id: event.id });

/** One encrypted POST; answers the push service's status, or throws when it could not be reached. */
async function post(config: Config, sub: Subscription, payload: string): Promise<number> {
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
    TTL: PUSH_TTL_SECONDS,
    vapidDetails: { subject: config.VAPID_SUBJECT, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
  });
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body as unknown as BodyInit,
    redirect: "manual",
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.status;
}

async function pushTo(deps: ServerDeps, sub: Subscription, payload: string): Promise<string | null> {
  if (!pushEndpointAllowed(deps.config, sub.endpoint)) return null;
  const status = await post(deps.config, sub, payload);
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

export const pushChannel: AlertChannel = {
  name: "push",
  // Every device is tried; any that failed for a reason worth retrying makes the whole delivery retry.
  deliver: async (deps, event) => {
    const subs = await deps.sql<
      Subscription[]
    >`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${event.user_id} order by id`;
    const payload = pushPayload(event);
    const results = await Promise.allSettled(subs.map((s) => pushTo(deps, s, payload)));
    const errors = results.map((r) => (r.status === "rejected" ? String(r.reason) : r.value)).filter((e): e is string => e !== null);
    if (errors.length) throw new Error(`${errors.length} of ${subs.length} push deliveries failed: ${errors[0]}`);
  },
};
