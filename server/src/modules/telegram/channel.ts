// The Telegram alert channel: the dispatcher hands it a signal event; it sends the text to the trader's linked chat.
import type { AlertChannel } from "../alerts/channel";
import { sendAlert } from "./service";

/** Not configured or no linked chat: nothing to deliver; a blocked bot unlinks; other failures throw for a retry. */
export const telegramChannel: AlertChannel = {
  name: "telegram",
  deliver: async (deps, event) => {
    await sendAlert(deps, event);
  },
};
