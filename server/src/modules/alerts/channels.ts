// The delivery channels the dispatcher sends through: one registry, a channel listed here is on. Alerts' own three
// are listed here; a module that delivers alerts (webhooks, Telegram) registers its channel at wiring time (app.ts),
// so it depends on alerts and alerts imports none of them.
import { ALERT_CHANNELS } from "@core/alerts/alerts";
import type { AlertChannel } from "./channel";
import { emailChannel } from "./email";
import { inAppChannel } from "./in-app";
import { pushChannel } from "./push";

export const alertChannels: AlertChannel[] = [inAppChannel, emailChannel, pushChannel];

/** Adds (or replaces, by name) a channel; the list keeps core's channel order, whatever the order of registration. */
export function registerAlertChannel(channel: AlertChannel): void {
  const i = alertChannels.findIndex((c) => c.name === channel.name);
  if (i >= 0) alertChannels[i] = channel;
  else alertChannels.push(channel);
  alertChannels.sort((a, b) => ALERT_CHANNELS.indexOf(a.name) - ALERT_CHANNELS.indexOf(b.name));
}
