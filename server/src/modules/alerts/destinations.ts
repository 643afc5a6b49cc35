// A new place the trader's alerts go to (webhook, Telegram chat, push browser): the owner is mailed and it is logged
// as a security event, so a destination planted with a stolen session does not go unnoticed.
import type { ServerDeps } from "../../deps";
import { securityEvent } from "../../lib/security-log";
import { mailerFor } from "./email";

const WHAT = { webhook: "a webhook endpoint", telegram: "a Telegram chat", push: "a browser (push notifications)" } as const;

/** Never throws: the destination is saved already, and a mail that failed is logged, not the request's failure. */
export async function destinationAdded(
  deps: Pick<ServerDeps, "config" | "sql" | "log">,
  userId: number,
  channel: keyof typeof WHAT,
  detail: string,
): Promise<void> {
  securityEvent(deps.log, "alert_destination_added", { user_id: userId, channel });
  try {
    const [user] = await deps.sql<{ email: string }[]>`select email from users where id = ${userId}`;
    if (!user) return;
    await mailerFor(deps).send({
      to: user.email,
      subject: "A new alert destination was added to your Tradewind account",
      text:
        `Your signal alerts will now also go to ${WHAT[channel]}: ${detail}.\n\n` +
        "If this was not you, reset your password now: that turns off every webhook, unlinks Telegram, removes every " +
        "push subscription and signs out every session.",
    });
  } catch (err) {
    deps.log.error("destination mail failed", { user_id: userId, channel, error: String(err) });
  }
}
