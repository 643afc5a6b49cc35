// The delivery channels the dispatcher sends through: one registry, a channel listed here is on.
import { telegramChannel } from "../telegram/channel";
import { webhookChannel } from "../webhooks/channel";
import type { AlertChannel } from "./channel";
import { emailChannel } from "./email";
import { inAppChannel } from "./in-app";
import { pushChannel } from "./push";

export const alertChannels: AlertChannel[] = [inAppChannel, emailChannel, pushChannel, webhookChannel, telegramChannel];
