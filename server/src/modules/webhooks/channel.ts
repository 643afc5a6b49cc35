// The webhook alert channel: the dispatcher hands it a signal event; it queues one signed delivery per enabled endpoint.
import type { AlertChannel } from "../alerts/channel";
import { enqueueAlert } from "./service";

/** Returns once the jobs are queued (BullMQ retries each delivery itself); throws, for a dispatcher retry, when Redis cannot take them. */
export const webhookChannel: AlertChannel = {
  name: "webhook",
  deliver: async (deps, event) => {
    await enqueueAlert(deps, event);
  },
};
