// /api/alerts: the trader's notifications, read marks, channel × stage preferences and this browser's push subscription.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { badRequest } from "../../lib/http-error";
import { createLimiter } from "../../lib/rate-limit";
import { parseId, parseLimit } from "../../lib/params";
import { errorSchema } from "../signals/model";
import {
  alertsPage,
  alertsQuery,
  preferencesBody,
  preferencesResponse,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  readBody,
  unreadResponse,
} from "./model";
import { deletePushSubscription, getPreferences, listAlerts, MAX_ALERTS_PAGE, markRead, putPreferences, savePushSubscription } from "./service";

export { registerAlertChannel } from "./channels";

function parseBefore(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  const id = parseId(raw);
  if (id === null) throw badRequest("before must be an alert id");
  return id;
}

/** A browser subscribes once and again only when its subscription changes: 30 an hour per trader is ample. */
export const PUSH_SUBSCRIBES_PER_HOUR = 30;

export const alertsModule = (deps: AppDeps) => {
  const subscribes = createLimiter(deps, { name: "push-subscribe", points: PUSH_SUBSCRIBES_PER_HOUR, durationSeconds: 3600 });
  return new Elysia({ prefix: "/api/alerts", tags: ["alerts"] })
    .use(authPlugin(deps))
    .get(
      "/",
      ({ user, query }) => listAlerts(deps, user.id, { limit: parseLimit(query.limit, 20, MAX_ALERTS_PAGE), before: parseBefore(query.before) }),
      {
        auth: true,
        query: alertsQuery,
        response: { 200: alertsPage, 400: errorSchema },
        detail: { summary: "My alerts (every stage of the signals I bought), newest first, with the unread count" },
      },
    )
    .post("/read", ({ user, body }) => markRead(deps, user.id, "ids" in body ? body.ids : null), {
      auth: true,
      body: readBody,
      response: { 200: unreadResponse },
      detail: { summary: "Mark alerts read: the given ids, or all" },
    })
    .get("/preferences", ({ user }) => getPreferences(deps, user.id), {
      auth: true,
      response: { 200: preferencesResponse },
      detail: { summary: "Which channel alerts which stage (the full grid), the VAPID key and my subscribed devices" },
    })
    .put("/preferences", ({ user, body }) => putPreferences(deps, user.id, body.preferences), {
      auth: true,
      body: preferencesBody,
      response: { 200: preferencesResponse, 400: errorSchema },
      detail: { summary: "Turn channels on or off per stage (only the cells given change)" },
    })
    .post(
      "/push-subscription",
      async ({ user, body, request }) => {
        await subscribes.consume(String(user.id), "Too many push subscriptions saved; try again later");
        return savePushSubscription(deps, user.id, body, request.headers.get("user-agent"), user.sessionId);
      },
      {
        auth: true,
        body: pushSubscriptionBody,
        response: { 200: preferencesResponse, 400: errorSchema, 429: errorSchema },
        detail: { summary: "Save this browser's Web Push subscription (PushSubscription.toJSON()); turns push on; at most 10 kept" },
      },
    )
    .delete("/push-subscription", ({ user, body }) => deletePushSubscription(deps, user.id, body.endpoint), {
      auth: true,
      body: pushUnsubscribeBody,
      response: { 200: preferencesResponse },
      detail: { summary: "Remove this browser's Web Push subscription" },
    });
};
