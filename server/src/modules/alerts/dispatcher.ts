// The alerts dispatcher (every server process): a repeatable job on the "alerts" queue claims due (event, channel)
// deliveries, honours the trader's current preferences, sends through the channel registry and retries with backoff.
import { countReconnects, watchQueue } from "@core/infra/metrics-collect";
import { alertDeliveries } from "@core/infra/metrics";
import { Worker } from "bullmq";
import { createQueue, queuePrefix } from "@core/queues/analysis-queue";
import { ALERT_JOBS, ALERTS_QUEUE, defaultEnabled } from "@core/alerts/alerts";
import { upsertSchedules, watchSchedules } from "@core/queues/queue-schedules";
import { createRedis } from "@core/infra/redis";
import type { ServerDeps } from "../../deps";
import type { AlertChannel, AlertEvent } from "./channel";
import { alertChannels } from "./channels";

export type DispatchOptions = {
  channels?: AlertChannel[];
  /** Deliveries claimed per run. */
  batch?: number;
  /** First retry after this long, doubling per attempt (capped at an hour). */
  backoffMs?: number;
  /** After this many failed attempts a delivery is given up ('failed'). */
  maxAttempts?: number;
  /** A claimed delivery not finished within this time (its dispatcher died) is claimed again. */
  leaseMs?: number;
};

export const DISPATCH_DEFAULTS = { batch: 100, backoffMs: 30_000, maxAttempts: 8, leaseMs: 120_000 } as const;
const MAX_BACKOFF_MS = 3_600_000;

type Claimed = { id: number; event_id: number; channel: string; attempts: number };
export type DispatchResult = { delivered: number; skipped: number; retried: number; failed: number };

/** Wait before the next try after `attempts` failed ones: base, 2×, 4×, … up to an hour. */
export const backoffMs = (attempts: number, base: number) => Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, attempts - 1));

/**
 * Claims due deliveries in one short statement: pending ones whose next try has come, and 'sending' ones whose lease
 * lapsed. SKIP LOCKED keeps two dispatchers off the same rows; the claim counts the attempt, which is also the token
 * a finish must present, so a dispatcher that lost its lease cannot overwrite the newer claim's result.
 */
async function claim(deps: ServerDeps, names: string[], o: Required<Omit<DispatchOptions, "channels">>): Promise<Claimed[]> {
  return deps.sql<Claimed[]>`
    update alert_deliveries d
    set status = 'sending', attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ${o.leaseMs / 1000})
    from (
      select id from alert_deliveries
      where channel = any(${names}::text[])
        and ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now()))
      order by next_attempt_at, id
      limit ${o.batch}
      for update skip locked
    ) due
    where d.id = due.id
    returning d.id, d.event_id, d.channel, d.attempts`;
}

type EventRow = AlertEvent & { prefs: { channel: string; enabled: boolean }[] };

/** The claimed events as channels receive them, each with the trader's stored choices for its stage. */
async function loadEvents(deps: ServerDeps, ids: number[]): Promise<Map<number, EventRow>> {
  const rows = await deps.sql<(Omit<EventRow, "created_at"> & { created_at: Date })[]>`
    select e.id, e.user_id, e.signal_id, e.kind, s.symbol, s.type as side, s.entry_price, s.stop_loss, s.take_profit,
           e.r_multiple, e.created_at,
           coalesce((select json_agg(json_build_object('channel', p.channel, 'enabled', p.enabled)) from alert_preferences p
                     where p.user_id = e.user_id and p.kind = e.kind), '[]'::json) as prefs
    from signal_events e join signals s on s.id = e.signal_id
    where e.id = any(${ids}::bigint[])`;
  return new Map(rows.map((r) => [Number(r.id), { ...r, created_at: new Date(r.created_at).toISOString() }]));
}

const enabledFor = (event: EventRow, channel: AlertChannel) =>
  event.prefs.find((p) => p.channel === channel.name)?.enabled ?? defaultEnabled(channel.name, event.kind);

/** Ends one claim; a no-op when the lease was lost to a newer claim (different attempt count). */
async function finish(deps: ServerDeps, d: Claimed, status: "delivered" | "skipped" | "failed" | "pending", error: string | null, retryInMs = 0) {
  await deps.sql`
    update alert_deliveries
    set status = ${status}, last_error = ${error}, lease_until = null,
        delivered_at = case when ${status} = 'delivered' then now() else delivered_at end,
        next_attempt_at = now() + make_interval(secs => ${retryInMs / 1000})
    where id = ${d.id} and status = 'sending' and attempts = ${d.attempts}`;
}

async function deliverOne(
  deps: ServerDeps,
  d: Claimed,
  event: EventRow | undefined,
  channel: AlertChannel,
  o: Required<Omit<DispatchOptions, "channels">>,
) {
  // The trader turned the channel off after the event was written: honoured now, nothing goes out.
  if (!event || !enabledFor(event, channel)) return finish(deps, d, "skipped", null).then(() => "skipped" as const);
  const { prefs: _prefs, ...alert } = event;
  try {
    await channel.deliver(deps, alert);
    await finish(deps, d, "delivered", null);
    return "delivered" as const;
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const giveUp = d.attempts >= o.maxAttempts;
    const wait = backoffMs(d.attempts, o.backoffMs);
    deps.log.warn("alert delivery failed", {
      delivery_id: d.id,
      event_id: d.event_id,
      channel: d.channel,
      attempt: d.attempts,
      error,
      ...(giveUp ? { gave_up: true } : { retry_in_ms: wait }),
    });
    await finish(deps, d, giveUp ? "failed" : "pending", error, giveUp ? 0 : wait);
    return giveUp ? ("failed" as const) : ("retried" as const);
  }
}

/** One pass: claim what is due, deliver each through its channel, record the result. */
export async function dispatchDue(deps: ServerDeps, opts: DispatchOptions = {}): Promise<DispatchResult> {
  const channels = opts.channels ?? alertChannels;
  const o = { ...DISPATCH_DEFAULTS, ...opts };
  const result: DispatchResult = { delivered: 0, skipped: 0, retried: 0, failed: 0 };
  const claimed = await claim(
    deps,
    channels.map((c) => c.name),
    o,
  );
  if (!claimed.length) return result;
  const events = await loadEvents(deps, [...new Set(claimed.map((d) => d.event_id))]);
  const byName = new Map(channels.map((c) => [c.name as string, c]));
  const outcomes = await Promise.all(claimed.map((d) => deliverOne(deps, d, events.get(d.event_id), byName.get(d.channel)!, o)));
  for (const [i, outcome] of outcomes.entries()) {
    result[outcome]++;
    alertDeliveries.inc({ channel: claimed[i].channel, result: outcome });
  }
  return result;
}

export type AlertDispatcher = { stop: () => Promise<void> };

/** Runs dispatchDue on the "alerts" queue every `everyMs` (one run per tick across all servers); stop() lets a run finish. */
export async function startAlertDispatcher(deps: ServerDeps, opts: DispatchOptions & { everyMs?: number } = {}): Promise<AlertDispatcher> {
  const queueConnection = createRedis(deps.config.REDIS_URL, { forBullMQ: true, onReconnect: countReconnects(`${ALERTS_QUEUE}-queue`) });
  const workerConnection = createRedis(deps.config.REDIS_URL, { forBullMQ: true, onReconnect: countReconnects(`${ALERTS_QUEUE}-worker`) });
  const queue = createQueue(ALERTS_QUEUE, deps.config, queueConnection);
  const worker = new Worker(ALERTS_QUEUE, async (job) => (job.name === ALERT_JOBS.dispatch ? dispatchDue(deps, opts) : "ignored"), {
    connection: workerConnection,
    prefix: queuePrefix(deps.config),
    concurrency: 1,
  });
  worker.on("error", (err) => deps.log.error("alerts worker error", { error: String(err) }));
  worker.on("failed", (_job, err) => deps.log.warn("alerts dispatch run failed", { error: err.message }));
  const schedules = { "alerts-dispatch": { name: ALERT_JOBS.dispatch, every: opts.everyMs ?? 2_000 } };
  await upsertSchedules(queue, schedules, false);
  const watchdog = watchSchedules(queue, schedules, deps.log);
  const unwatch = watchQueue(queue);
  return {
    async stop() {
      clearInterval(watchdog);
      unwatch();
      await worker.close();
      await queue.close();
      await Promise.allSettled([queueConnection.quit(), workerConnection.quit()]);
    },
  };
}
