// Alerts for the trader: their notifications (newest first, unread count), read marks, channel × stage preferences and
// the Web Push subscriptions of their browsers.
import { ALERT_KINDS, type AlertKind, defaultEnabled } from "@core/alerts/alerts";
import type { ServerDeps } from "../../deps";
import { badRequest } from "../../lib/http-error";
import { alertChannels } from "./channels";
import { destinationAdded } from "./destinations";
import { RefusedPushEndpoint, checkPushEndpoint } from "./push";

export const MAX_ALERTS_PAGE = 100;
/** Browsers per trader that get Web Push; a new one beyond it replaces the one subscribed longest ago. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

type AlertRow = {
  id: number;
  signal_id: number;
  kind: AlertKind;
  symbol: string;
  side: string;
  r_multiple: number | null;
  created_at: Date;
  read_at: Date | null;
};

/** A page of the trader's alerts older than `before` (an alert id), and how many are unread in all. */
export async function listAlerts({ sql }: Pick<ServerDeps, "sql">, userId: number, q: { limit?: number; before?: number }) {
  const limit = Math.min(MAX_ALERTS_PAGE, Math.max(1, q.limit ?? 20));
  const rows = await sql<AlertRow[]>`
    select e.id, e.signal_id, e.kind, s.symbol, s.type as side, e.r_multiple, e.created_at, e.read_at
    from signal_events e join signals s on s.id = e.signal_id
    where e.user_id = ${userId} ${q.before ? sql`and e.id < ${q.before}` : sql``}
    order by e.id desc limit ${limit + 1}`;
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from signal_events where user_id = ${userId} and read_at is null`;
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      signal_id: Number(r.signal_id),
      kind: r.kind,
      symbol: r.symbol,
      side: r.side,
      r_multiple: r.r_multiple === null ? null : Number(r.r_multiple),
      created_at: new Date(r.created_at).toISOString(),
      read: r.read_at !== null,
    })),
    unread_count: n,
    next_before: rows.length > limit ? page[page.length - 1].id : null,
  };
}

/** Marks the given alerts (or all) read; answers the unread count left. */
export async function markRead({ sql }: Pick<ServerDeps, "sql">, userId: number, ids: number[] | null) {
  await sql`
    update signal_events set read_at = now()
    where user_id = ${userId} and read_at is null ${ids ? sql`and id = any(${ids}::bigint[])` : sql``}`;
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from signal_events where user_id = ${userId} and read_at is null`;
  return { unread_count: n };
}

export type Preference = { channel: string; kind: AlertKind; enabled: boolean };
const channelNames = () => alertChannels.map((c) => c.name as string);

/** The channels this server offers: Telegram only with a bot configured. */
const offeredChannels = (config: ServerDeps["config"]) => channelNames().filter((c) => c !== "telegram" || Boolean(config.TELEGRAM_BOT_TOKEN));

/** The offered channels that would deliver now: in-app and e-mail always; push with a device, webhook with an endpoint, Telegram with a chat. */
async function deliverableChannels({ sql, config }: Pick<ServerDeps, "sql" | "config">, userId: number, devices: number) {
  const [links] = await sql<{ webhooks: number; telegram: number }[]>`
    select (select count(*) from webhooks where user_id = ${userId} and enabled)::int as webhooks,
           (select count(*) from telegram_links where user_id = ${userId})::int as telegram`;
  const can: Record<string, boolean> = { push: devices > 0, webhook: links.webhooks > 0, telegram: links.telegram > 0 };
  return offeredChannels(config).filter((c) => can[c] ?? true);
}

/**
 * The channel × stage grid (stored choices over the defaults) of the channels this server offers, each shown on only
 * when it can deliver (no endpoint, device or chat yet: off, whatever was chosen); the VAPID key; the devices subscribed.
 */
export async function getPreferences(deps: Pick<ServerDeps, "sql" | "config">, userId: number) {
  const { sql, config } = deps;
  const stored = await sql<Preference[]>`select channel, kind, enabled from alert_preferences where user_id = ${userId}`;
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from push_subscriptions where user_id = ${userId}`;
  const deliverable = await deliverableChannels(deps, userId, n);
  const channels = offeredChannels(config);
  const preferences = channels.flatMap((channel) =>
    ALERT_KINDS.map((kind) => ({
      channel,
      kind,
      enabled:
        deliverable.includes(channel) &&
        (stored.find((p) => p.channel === channel && p.kind === kind)?.enabled ?? defaultEnabled(channel as never, kind)),
    })),
  );
  return { channels, kinds: [...ALERT_KINDS], preferences, deliverable, push: { public_key: config.VAPID_PUBLIC_KEY, devices: n } };
}

export async function putPreferences(deps: Pick<ServerDeps, "sql" | "config">, userId: number, prefs: Preference[]) {
  const names = channelNames();
  const unknown = prefs.find((p) => !names.includes(p.channel));
  if (unknown) throw badRequest(`Unknown channel: ${unknown.channel.slice(0, 40)} (available: ${names.join(", ")})`);
  if (prefs.length)
    await deps.sql`
      insert into alert_preferences (user_id, channel, kind, enabled)
      select ${userId}, * from unnest(${prefs.map((p) => p.channel)}::text[], ${prefs.map((p) => p.kind)}::text[], ${prefs.map((p) => String(p.enabled))}::text[]::boolean[])
      on conflict (user_id, channel, kind) do update set enabled = excluded.enabled`;
  return getPreferences(deps, userId);
}

export type PushSubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * Saves this browser's subscription (an endpoint already known moves to this user: it is one browser). The first
 * device turns push on for every stage the trader has not chosen for ("push off until subscribed"). At most
 * MAX_PUSH_SUBSCRIPTIONS are kept: the oldest go, so one alert never fans out to an unbounded list.
 */
export async function savePushSubscription(
  deps: Pick<ServerDeps, "sql" | "config" | "log">,
  userId: number,
  sub: PushSubscriptionInput,
  userAgent: string | null,
  sessionId: number | null = null,
) {
  await checkPushEndpoint(deps.config, sub.endpoint).catch((err) => {
    throw err instanceof RefusedPushEndpoint ? badRequest(err.message).withCode(err.code) : err;
  });
  const added = await deps.sql.begin(async (tx) => {
    // Serialises one user's subscribes so the cap holds under concurrent requests.
    await tx`select id from users where id = ${userId} for update`;
    // The browser re-saving its own subscription is not news; a new one, or one moved from another trader, is.
    const [prior] = await tx<{ user_id: number }[]>`select user_id from push_subscriptions where endpoint = ${sub.endpoint}`;
    await tx`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent, session_id)
      values (${userId}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth}, ${userAgent?.slice(0, 300) ?? null}, ${sessionId})
      on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
                                           user_agent = excluded.user_agent, session_id = excluded.session_id, created_at = now()`;
    await tx`
      delete from push_subscriptions where user_id = ${userId} and id not in (
        select id from push_subscriptions where user_id = ${userId} order by created_at desc, id desc limit ${MAX_PUSH_SUBSCRIPTIONS})`;
    await tx`
      insert into alert_preferences (user_id, channel, kind, enabled)
      select ${userId}, 'push', k, true from unnest(${[...ALERT_KINDS]}::text[]) as k
      on conflict do nothing`;
    return prior?.user_id !== userId;
  });
  if (added) await destinationAdded(deps, userId, "push", `${new URL(sub.endpoint).host}${userAgent ? ` (${userAgent.slice(0, 120)})` : ""}`);
  return getPreferences(deps, userId);
}

export async function deletePushSubscription(deps: Pick<ServerDeps, "sql" | "config">, userId: number, endpoint: string) {
  await deps.sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}`;
  return getPreferences(deps, userId);
}
