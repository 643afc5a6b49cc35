// Request/response shapes of the webhooks module.
import { t } from "elysia";

export const errorSchema = t.Object({ detail: t.String(), code: t.String() });

export const webhookSchema = t.Object({
  id: t.Number(),
  url: t.String(),
  enabled: t.Boolean(),
  /** The secret's last characters, so a trader can tell which one an endpoint holds; the secret itself is shown once. */
  secret_hint: t.String(),
  created_at: t.String(),
});

export const webhooksResponse = t.Object({ webhooks: t.Array(webhookSchema), limit: t.Number() });

export const createBody = t.Object({
  url: t.String({ maxLength: 2000, description: "http(s) URL of a public host" }),
  secret: t.Optional(t.String({ maxLength: 200, description: "Not accepted (400 webhook_secret_generated): every signing secret is generated" })),
});
export const createResponse = t.Object({
  webhook: webhookSchema,
  secret: t.String({ description: "The signing secret: shown this once, never served again" }),
});

export const updateBody = t.Object({ enabled: t.Boolean() });
export const idParams = t.Object({ id: t.String() });
export const deleteResponse = t.Object({ id: t.Number(), detail: t.String() });
export const testResponse = t.Object({ event_id: t.String(), detail: t.String() });

export const deliverySchema = t.Object({
  id: t.Number(),
  event_id: t.String(),
  event_type: t.String(),
  attempt: t.Number(),
  status_code: t.Nullable(t.Number()),
  duration_ms: t.Number(),
  ok: t.Boolean(),
  error: t.Nullable(t.String()),
  response_body: t.Nullable(t.String()),
  created_at: t.String(),
});
export const deliveriesResponse = t.Object({ deliveries: t.Array(deliverySchema) });
