// /api/webhooks: a trader's outbound webhook endpoints (register, enable, delete, send test, delivery log).
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { createLimiter } from "../../lib/rate-limit";
import {
  createBody,
  createResponse,
  deleteResponse,
  deliveriesResponse,
  errorSchema,
  idParams,
  testResponse,
  updateBody,
  webhookSchema,
  webhooksResponse,
} from "./model";
import { MAX_WEBHOOKS, createWebhook, deleteWebhook, listDeliveries, listWebhooks, sendTest, setWebhookEnabled } from "./service";

export { webhookChannel } from "./channel";
export { startWebhookWorker } from "./worker";

/** Endpoints a trader may add or delete per hour, together: re-creating one must not reset the test-ping cooldown's purpose. */
export const WEBHOOK_CHANGES_PER_HOUR = 20;

export const webhooksModule = (deps: AppDeps) => {
  const changes = createLimiter(deps, { name: "webhook-change", points: WEBHOOK_CHANGES_PER_HOUR, durationSeconds: 3600 });
  const change = (userId: number) => changes.consume(String(userId), "Too many webhook changes; try again later");
  return new Elysia({ prefix: "/api/webhooks", tags: ["webhooks"] })
    .use(authPlugin(deps))
    .get("/", ({ user }) => listWebhooks(deps.sql, user.id), {
      auth: true,
      response: { 200: webhooksResponse },
      detail: { summary: "My webhook endpoints" },
    })
    .post(
      "/",
      async ({ user, body }) => {
        await change(user.id);
        return createWebhook(deps, user.id, body);
      },
      {
        auth: true,
        body: createBody,
        response: { 200: createResponse, 400: errorSchema, 409: errorSchema, 429: errorSchema },
        detail: {
          summary: `Register an endpoint (at most ${MAX_WEBHOOKS}); the signing secret is in this answer only`,
          description:
            "Every delivery is a POST with a JSON body {id, type, created_at, data} and the headers X-Tradewind-Event-Id and " +
            "X-Tradewind-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<raw body>' keyed with the secret>. " +
            "Verify in constant time, refuse a t more than 5 minutes off, dedupe on id. A URL on a private, loopback, " +
            "link-local, CGNAT, multicast or metadata address is refused (400).",
        },
      },
    )
    .patch("/:id", ({ user, params, body }) => setWebhookEnabled(deps.sql, user.id, params.id, body.enabled), {
      auth: true,
      params: idParams,
      body: updateBody,
      response: { 200: webhookSchema, 404: errorSchema },
      detail: { summary: "Enable or disable an endpoint" },
    })
    .delete(
      "/:id",
      async ({ user, params }) => {
        await change(user.id);
        return deleteWebhook(deps.sql, user.id, params.id);
      },
      {
        auth: true,
        params: idParams,
        response: { 200: deleteResponse, 404: errorSchema, 429: errorSchema },
        detail: { summary: "Delete an endpoint and its delivery log" },
      },
    )
    .post("/:id/test", ({ user, params }) => sendTest(deps, user.id, params.id), {
      auth: true,
      params: idParams,
      response: { 200: testResponse, 404: errorSchema, 429: errorSchema },
      detail: { summary: "Send a signed ping event through the delivery queue" },
    })
    .get("/:id/deliveries", ({ user, params }) => listDeliveries(deps.sql, user.id, params.id), {
      auth: true,
      params: idParams,
      response: { 200: deliveriesResponse, 404: errorSchema },
      detail: { summary: "The endpoint's last 50 delivery attempts, newest first" },
    });
};
