// The in-app channel: the alert goes to the user's socket topic; the open app shows a toast and bumps its unread count.
import { alertDetail, alertTitle } from "@core/alerts/alert-text";
import { encodePush, userChannel } from "@core/contract/socket";
import type { AlertChannel } from "./channel";

/** The event itself is already in the user's list (GET /api/alerts); the push only tells an open app to show it now. */
export const inAppChannel: AlertChannel = {
  name: "in_app",
  deliver: async (deps, event) => {
    const data = { ...event, title: alertTitle(event), detail: alertDetail(event) };
    await deps.redis.publish(deps.keys.channel(userChannel(event.user_id)), encodePush({ type: "alert", data }));
  },
};
