// Fixture (breaks server-modules-import-one-way): alerts lists telegram's channel, and telegram uses alerts back.
import { telegramChannel } from "../telegram/channel";

export const alertChannels = [telegramChannel];
