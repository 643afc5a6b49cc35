// The webhook worker (in every server process): posts each queued delivery, logs the attempt, decides retry or stop.
import { UnrecoverableError, Worker, type Job } from "bullmq";
import { queuePrefix } from "@core/analysis-queue";
import { createRedis } from "@core/redis";
import { WEBHOOK_ATTEMPTS, WEBHOOKS_QUEUE, type WebhookJobData } from "@core/webhooks-queue";
import type { ServerDeps } from "../../deps";
import { postSigned, type PostResult } from "./post";
import { allowLoopback } from "../../lib/ssrf";

const CONCURRENCY = 4;

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

export async function deliverJob(deps: ServerDeps, job: Pick<Job<WebhookJobData>, "data" | "attemptsMade">): Promise<string> {
  const { sql } = deps;
  const d = job.data;
  const [hook] = await sql<{ url: string; secret: string; enabled: boolean }[]>`select url, secret, enabled from webhooks where id = ${d.webhookId}`;
  // Deleted since, or disabled (a test ping still goes out: the trader asked for it).
  if (!hook || (!hook.enabled && !d.ping)) return "skipped";
  const attempt = job.attemptsMade + 1;
  const r = await postSigned({ url: hook.url, secret: hook.secret, body: d.body, eventId: d.eventId, allowLoopback: allowLoopback(deps.config) });
  const verdict = outcome(r);
  const error = r.error ?? (verdict === "delivered" ? null : `HTTP ${r.status}`);
  await sql`
    insert into webhook_deliveries (webhook_id, event_id, event_type, attempt, status_code, duration_ms, ok, error, response_body)
    values (${d.webhookId}, ${d.eventId}, ${d.eventType}, ${attempt}, ${r.status}, ${r.durationMs}, ${verdict === "delivered"}, ${error}, ${r.responseBody})`;
  if (verdict === "delivered") return "delivered";
  if (verdict === "give_up") throw new UnrecoverableError(`${error}: not retried`);
  throw new Error(`${error} (attempt ${attempt} of ${WEBHOOK_ATTEMPTS})`);
}

export type WebhookWorker = { close(): Promise<void> };

/** Starts consuming the "webhooks" queue; close() lets running deliveries finish (each is capped at 10 s). */
export function startWebhookWorker(deps: ServerDeps): WebhookWorker {
  // BullMQ's blocking worker needs its own connection without a per-request retry cap.
  const connection = createRedis(deps.config.REDIS_URL, { forBullMQ: true });
  const worker = new Worker<WebhookJobData>(WEBHOOKS_QUEUE, (job) => deliverJob(deps, job), {
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
      await worker.close();
      await connection.quit().catch(() => {});
    },
  };
}
