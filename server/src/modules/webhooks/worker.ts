// The webhook worker (in every server process): posts each queued delivery, logs the attempt, decides retry or stop.
import { webhookDeliveries, webhookRetries } from "@core/infra/metrics";
import { countReconnects, watchQueue } from "@core/infra/metrics-collect";
import { DelayedError, UnrecoverableError, Worker, type Job } from "bullmq";
import { queuePrefix } from "@core/queues/analysis-queue";
import { createRedis } from "@core/infra/redis";
import { createWebhooksQueue, WEBHOOK_ATTEMPTS, WEBHOOKS_QUEUE, type WebhookJobData } from "@core/queues/webhooks-queue";
import type { ServerDeps } from "../../deps";
import { CIRCUIT_AFTER, circuitOpen, recordAnswer, takeSlot } from "./fairness";
import { PING_TIMEOUT_MS, postSigned, type PostResult } from "./post";
import { allowLoopback } from "../../lib/ssrf";

const CONCURRENCY = 4;
/** A delivery whose trader or endpoint has its share in flight waits this long (no attempt spent) and asks again. */
export const BUSY_DELAY_MS = 500;

/**
 * 2xx delivers. A 4xx other than 408 (timeout) and 429 (slow down) says the receiver will never take it, and a 3xx
 * would only redirect again (never followed: it could point at a private address). 5xx, 408, 429 and no answer retry.
 */
export function outcome(r: PostResult): "delivered" | "retry" | "give_up" {
  if (r.status !== null && r.status >= 200 && r.status < 300) return "delivered";
  if (r.refused) return "give_up";
  if (r.status !== null && r.status >= 300 && r.status < 500 && r.status !== 408 && r.status !== 429) return "give_up";
  return "retry";
}

const logAttempt = (
  deps: ServerDeps,
  d: WebhookJobData,
  attempt: number,
  r: Pick<PostResult, "status" | "durationMs" | "responseBody">,
  ok: boolean,
  error: string | null,
) => {
  webhookDeliveries.inc({ result: ok ? "delivered" : "failed" });
  if (attempt > 1) webhookRetries.inc();
  return deps.sql`
    insert into webhook_deliveries (webhook_id, event_id, event_type, attempt, status_code, duration_ms, ok, error, response_body)
    values (${d.webhookId}, ${d.eventId}, ${d.eventType}, ${attempt}, ${r.status}, ${r.durationMs}, ${ok}, ${error}, ${r.responseBody})`;
};

export async function deliverJob(deps: ServerDeps, job: Pick<Job<WebhookJobData>, "data" | "attemptsMade">): Promise<string> {
  const d = job.data;
  const [hook] = await deps.sql<
    { url: string; secret: string; enabled: boolean }[]
  >`select url, secret, enabled from webhooks where id = ${d.webhookId}`;
  // Deleted since, or disabled (a test ping still goes out: the trader asked for it).
  if (!hook || (!hook.enabled && !d.ping)) return "skipped";
  const attempt = job.attemptsMade + 1;
  if (await circuitOpen(deps, d.webhookId)) {
    // No connection while the endpoint keeps not answering: the attempt is logged and retried after the backoff.
    const error = `circuit open: the endpoint did not answer ${CIRCUIT_AFTER} times in a row`;
    await logAttempt(deps, d, attempt, { status: null, durationMs: 0, responseBody: null }, false, error);
    if (d.ping) throw new UnrecoverableError(error);
    throw new Error(`${error} (attempt ${attempt} of ${WEBHOOK_ATTEMPTS})`);
  }
  const r = await postSigned({
    url: hook.url,
    secret: hook.secret,
    body: d.body,
    eventId: d.eventId,
    allowLoopback: allowLoopback(deps.config),
    timeoutMs: d.ping ? PING_TIMEOUT_MS : undefined,
    rules: deps.config,
  });
  if (!r.refused) await recordAnswer(deps, d.webhookId, r.status !== null);
  const verdict = outcome(r);
  const error = r.error ?? (verdict === "delivered" ? null : `HTTP ${r.status}`);
  await logAttempt(deps, d, attempt, r, verdict === "delivered", error);
  if (verdict === "delivered") return "delivered";
  if (verdict === "give_up") throw new UnrecoverableError(`${error}: not retried`);
  throw new Error(`${error} (attempt ${attempt} of ${WEBHOOK_ATTEMPTS})`);
}

/**
 * One job as the worker runs it: only with a slot of the trader's and the endpoint's share, so one account's silent
 * endpoints cannot hold every worker; without one the job waits BUSY_DELAY_MS, spending no attempt.
 */
export async function runJob(deps: ServerDeps, job: Job<WebhookJobData>, token?: string): Promise<string> {
  const userId =
    job.data.userId ?? (await deps.sql<{ user_id: number }[]>`select user_id from webhooks where id = ${job.data.webhookId}`)[0]?.user_id;
  if (userId === undefined) return deliverJob(deps, job);
  const release = await takeSlot(deps, userId, job.data.webhookId, `${job.id}:${job.attemptsMade}`);
  if (!release) {
    await job.moveToDelayed(Date.now() + BUSY_DELAY_MS, token);
    throw new DelayedError();
  }
  try {
    return await deliverJob(deps, job);
  } finally {
    await release();
  }
}

export type WebhookWorker = { close(): Promise<void> };

/** Starts consuming the "webhooks" queue; close() lets running deliveries finish (each is capped at 10 s). */
export function startWebhookWorker(deps: ServerDeps): WebhookWorker {
  // BullMQ's blocking worker needs its own connection without a per-request retry cap.
  const connection = createRedis(deps.config.REDIS_URL, { forBullMQ: true, onReconnect: countReconnects(`${WEBHOOKS_QUEUE}-worker`) });
  // Read only for its depth (metrics), on the process's ordinary connection: the worker's one blocks.
  const queue = createWebhooksQueue(deps.config, deps.redis);
  const unwatch = watchQueue(queue);
  const worker = new Worker<WebhookJobData>(WEBHOOKS_QUEUE, (job, token) => runJob(deps, job, token), {
    connection,
    prefix: queuePrefix(deps.config),
    concurrency: CONCURRENCY,
  });
  worker.on("error", (err) => deps.log.error("webhooks worker error", { error: String(err) }));
  worker.on("failed", (job, err) =>
    deps.log.warn("webhook delivery failed", { webhook_id: job?.data.webhookId, event_id: job?.data.eventId, error: err.message }),
  );
  return {
    async close() {
      unwatch();
      await worker.close();
      await queue.close().catch(() => {});
      await connection.quit().catch(() => {});
    },
  };
}
