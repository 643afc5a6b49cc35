// The webhook delivery queue contract: one BullMQ job per (event, endpoint), retried with exponential backoff.
import type { Queue } from "bullmq";
import type Redis from "ioredis";
import type { Config } from "../infra/config";
import { createQueue } from "./analysis-queue";

export const WEBHOOKS_QUEUE = "webhooks";
export const WEBHOOK_ATTEMPTS = 6;
/** Finished jobs are kept this long so their deterministic id still refuses a second enqueue of the same pair. */
export const WEBHOOK_JOB_KEEP_SECONDS = 24 * 3600;

export type WebhookJobData = {
  webhookId: number;
  /** The endpoint's trader, for the per-trader share of the workers (jobs queued before it existed look it up). */
  userId?: number;
  eventId: string;
  eventType: string;
  /** The exact JSON body: every attempt sends the same bytes, only the signature's timestamp is fresh. */
  body: string;
  /** A "Send test" ping goes out even to a disabled endpoint; alerts skip disabled ones. */
  ping?: boolean;
};

/** BullMQ ids may not contain ':'; event ids are ours (digits, or ping_<hex>). */
export const webhookJobId = (eventId: string, webhookId: number) => `wh-${eventId}-${webhookId}`;

export const createWebhooksQueue = (config: Pick<Config, "REDIS_PREFIX">, connection: Redis) =>
  createQueue<WebhookJobData>(WEBHOOKS_QUEUE, config, connection);

/** Enqueues one delivery; the same (event, endpoint) added again within a day collapses onto the first job. */
export async function enqueueWebhook(queue: Queue<WebhookJobData>, data: WebhookJobData, config: Pick<Config, "WEBHOOK_BACKOFF_SECONDS">) {
  await queue.add("deliver", data, {
    jobId: webhookJobId(data.eventId, data.webhookId),
    // A test ping is one try: the trader is watching, and retrying an endpoint that does not answer only holds a slot.
    attempts: data.ping ? 1 : WEBHOOK_ATTEMPTS,
    backoff: { type: "exponential", delay: Math.round(config.WEBHOOK_BACKOFF_SECONDS * 1000) },
    removeOnComplete: { age: WEBHOOK_JOB_KEEP_SECONDS },
    removeOnFail: { age: WEBHOOK_JOB_KEEP_SECONDS },
  });
}
