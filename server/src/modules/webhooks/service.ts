// A trader's webhook endpoints: register (SSRF-checked, secret shown once), enable, delete, send test, delivery log, fan-out of alerts.
import { randomBytes } from "node:crypto";
import type { Queue } from "bullmq";
import type Redis from "ioredis";
import { createWebhooksQueue, enqueueWebhook, type WebhookJobData } from "@core/webhooks-queue";
import type { Sql } from "@core/db";
import type { ServerDeps } from "../../deps";
import { badRequest, conflict, notFound, tooManyRequests } from "../../lib/http-error";
import { parseId } from "../../lib/params";
import type { AlertEvent } from "../alerts/channel";
import { destinationAdded } from "../alerts/destinations";
import { RefusedAddressError, allowLoopback, bareHost, parseWebhookUrl, resolvePublic } from "../../lib/ssrf";

export const MAX_WEBHOOKS = 5;
export const MIN_SECRET_LENGTH = 16;
const DELIVERY_LOG_ROWS = 50;
/**
 * One test ping per trader and receiving host per this many seconds: "Send test" must not become a request cannon at
 * someone's URL (keyed by the host, not the endpoint: five endpoints, or one re-created, on one host share it).
 */
export const TEST_COOLDOWN_SECONDS = 5;

type WebhookRow = { id: number; url: string; secret: string; enabled: boolean; created_at: Date };

const view = (r: WebhookRow) => ({
  id: r.id,
  url: r.url,
  enabled: r.enabled,
  secret_hint: `…${r.secret.slice(-4)}`,
  created_at: new Date(r.created_at).toISOString(),
});

// One queue per Redis connection (the app's and the channel's calls share it); BullMQ keeps its own state per Queue.
const queues = new WeakMap<Redis, Queue<WebhookJobData>>();
export function webhooksQueue(deps: Pick<ServerDeps, "config" | "redis">): Queue<WebhookJobData> {
  let queue = queues.get(deps.redis);
  if (!queue) {
    queue = createWebhooksQueue(deps.config, deps.redis);
    queues.set(deps.redis, queue);
  }
  return queue;
}

export async function listWebhooks(sql: Sql, userId: number) {
  const rows = await sql<WebhookRow[]>`select id, url, secret, enabled, created_at from webhooks where user_id = ${userId} order by id`;
  return { webhooks: rows.map(view), limit: MAX_WEBHOOKS };
}

async function ownWebhook(sql: Sql, userId: number, rawId: string): Promise<WebhookRow> {
  const id = parseId(rawId);
  const [row] =
    id === null ? [] : await sql<WebhookRow[]>`select id, url, secret, enabled, created_at from webhooks where id = ${id} and user_id = ${userId}`;
  if (!row) throw notFound("Webhook not found").withCode("webhook_not_found");
  return row;
}

/** The URL must point at a public host now; the worker checks again at every connection. */
async function checkedUrl(config: ServerDeps["config"], raw: string): Promise<string> {
  try {
    const url = parseWebhookUrl(raw);
    await resolvePublic(bareHost(url), allowLoopback(config));
    return url.toString();
  } catch (err) {
    if (err instanceof RefusedAddressError) throw badRequest(err.message).withCode(err.code);
    throw err;
  }
}

function checkedSecret(raw: string | undefined): string {
  if (raw === undefined || raw === "") return `whsec_${randomBytes(24).toString("base64url")}`;
  if (!/^[\x21-\x7e]+$/.test(raw)) throw badRequest("The secret may hold printable characters only, no spaces").withCode("webhook_secret_invalid");
  if (raw.length < MIN_SECRET_LENGTH)
    throw badRequest(`The secret must be at least ${MIN_SECRET_LENGTH} characters`).withCode("webhook_secret_invalid");
  return raw;
}

export async function createWebhook(deps: ServerDeps, userId: number, body: { url: string; secret?: string }) {
  const secret = checkedSecret(body.secret);
  const url = await checkedUrl(deps.config, body.url);
  const row = await deps.sql.begin(async (tx) => {
    // Serialises one user's registrations so the cap holds under concurrent requests.
    await tx`select id from users where id = ${userId} for update`;
    const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from webhooks where user_id = ${userId}`;
    if (n >= MAX_WEBHOOKS) throw conflict(`Webhook limit reached: at most ${MAX_WEBHOOKS} endpoints`).withCode("webhook_limit");
    const [created] = await tx<WebhookRow[]>`
      insert into webhooks (user_id, url, secret) values (${userId}, ${url}, ${secret})
      returning id, url, secret, enabled, created_at`;
    return created;
  });
  await destinationAdded(deps, userId, "webhook", new URL(url).host);
  return { webhook: view(row), secret };
}

export async function setWebhookEnabled(sql: Sql, userId: number, rawId: string, enabled: boolean) {
  const hook = await ownWebhook(sql, userId, rawId);
  const [row] = await sql<
    WebhookRow[]
  >`update webhooks set enabled = ${enabled} where id = ${hook.id} returning id, url, secret, enabled, created_at`;
  return view(row);
}

export async function deleteWebhook(sql: Sql, userId: number, rawId: string) {
  const hook = await ownWebhook(sql, userId, rawId);
  await sql`delete from webhooks where id = ${hook.id}`;
  return { id: hook.id, detail: "Webhook deleted" };
}

export async function listDeliveries(sql: Sql, userId: number, rawId: string) {
  const hook = await ownWebhook(sql, userId, rawId);
  const rows = await sql`
    select id, event_id, event_type, attempt, status_code, duration_ms, ok, error, response_body, created_at
    from webhook_deliveries where webhook_id = ${hook.id} order by id desc limit ${DELIVERY_LOG_ROWS}`;
  return { deliveries: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })) as never[] };
}

/** Queues a signed `ping` through the same job, signature and log as a real alert. */
export async function sendTest(deps: ServerDeps, userId: number, rawId: string) {
  const hook = await ownWebhook(deps.sql, userId, rawId);
  const host = new URL(hook.url).host.toLowerCase();
  const fresh = await deps.redis.set(deps.keys.key(`webhooks:test:${userId}:${host}`), "1", "EX", TEST_COOLDOWN_SECONDS, "NX");
  if (fresh !== "OK") throw tooManyRequests(`Wait ${TEST_COOLDOWN_SECONDS} seconds between tests`, TEST_COOLDOWN_SECONDS);
  const eventId = `ping_${randomBytes(8).toString("hex")}`;
  const body = JSON.stringify({
    id: eventId,
    type: "ping",
    created_at: new Date().toISOString(),
    data: { webhook_id: hook.id, message: "Test delivery from Tradewind: your endpoint receives signed events." },
  });
  await enqueueWebhook(webhooksQueue(deps), { webhookId: hook.id, userId, eventId, eventType: "ping", body, ping: true }, deps.config);
  return { event_id: eventId, detail: "Test event queued" };
}

/** `signal.tp_hit` and friends: the alert kind as a webhook event type. */
export const eventType = (kind: AlertEvent["kind"]) => `signal.${kind.toLowerCase()}`;

export function alertBody(event: AlertEvent): { id: string; type: string; body: string } {
  const id = `evt_${event.id}`;
  const type = eventType(event.kind);
  const data = {
    signal_id: event.signal_id,
    stage: event.kind,
    symbol: event.symbol,
    side: event.side,
    entry_price: event.entry_price,
    stop_loss: event.stop_loss,
    take_profit: event.take_profit,
    r_multiple: event.r_multiple,
  };
  return { id, type, body: JSON.stringify({ id, type, created_at: event.created_at, data }) };
}

/** One job per enabled endpoint of the event's trader; a job id per (event, endpoint) makes a repeated call a no-op. */
export async function enqueueAlert(deps: ServerDeps, event: AlertEvent): Promise<number> {
  const hooks = await deps.sql<{ id: number }[]>`select id from webhooks where user_id = ${event.user_id} and enabled order by id`;
  const { id, type, body } = alertBody(event);
  const queue = webhooksQueue(deps);
  for (const hook of hooks)
    await enqueueWebhook(queue, { webhookId: hook.id, userId: event.user_id, eventId: id, eventType: type, body }, deps.config);
  return hooks.length;
}
