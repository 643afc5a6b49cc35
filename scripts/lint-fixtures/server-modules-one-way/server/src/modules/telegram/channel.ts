// Fixture: telegram → alerts only.
import { registerAlertChannel } from "../alerts/channels";
import { destinationAdded } from "../alerts/destinations";

export const telegramChannel = { name: "telegram", link: () => destinationAdded("telegram") };
registerAlertChannel(telegramChannel);
