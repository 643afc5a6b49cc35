// Request/response shapes of the alerts module.
import { t } from "elysia";
import { alertItemSchema, alertKind } from "@core/contract/alert";

const kind = alertKind;
export const alertItem = alertItemSchema;

export const alertsQuery = t.Object({
  limit: t.Optional(t.String({ description: "1..100, default 20" })),
  before: t.Optional(t.String({ description: "an alert id: the page of alerts older than it (next_before of the last page)" })),
});

export const alertsPage = t.Object({
  items: t.Array(alertItem),
  unread_count: t.Number(),
  next_before: t.Union([t.Number(), t.Null()]),
});

/** Either the ids to mark or `all: true`; an object that names neither is refused (so is anything not an object). */
export const readBody = t.Union([
  t.Object({ ids: t.Array(t.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500, description: "alert ids" }) }),
  t.Object({ all: t.Literal(true, { description: "every alert" }) }),
]);
export const unreadResponse = t.Object({ unread_count: t.Number() });

const preference = t.Object({ channel: t.String({ maxLength: 40 }), kind, enabled: t.Boolean() });
export const preferencesBody = t.Object({ preferences: t.Array(preference, { maxItems: 100 }) });
export const preferencesResponse = t.Object({
  channels: t.Array(t.String()),
  kinds: t.Array(kind),
  preferences: t.Array(preference),
  deliverable: t.Array(t.String(), { description: "Channels that would deliver now (the others show off until set up)" }),
  push: t.Object({ public_key: t.String({ description: "VAPID public key (applicationServerKey)" }), devices: t.Number() }),
});

export const pushSubscriptionBody = t.Object({
  endpoint: t.String({ minLength: 1, maxLength: 2000 }),
  keys: t.Object({ p256dh: t.String({ minLength: 1, maxLength: 200 }), auth: t.String({ minLength: 1, maxLength: 100 }) }),
  expirationTime: t.Optional(t.Union([t.Number(), t.Null()])),
});
export const pushUnsubscribeBody = t.Object({ endpoint: t.String({ minLength: 1, maxLength: 2000 }) });
