// The e-mail channel: one mail per alert through the existing mailer (SMTP, or the outbox outside production).
import { alertDetail, alertTitle, formatR, STAGE_LABELS } from "@core/alerts/alert-text";
import type { ServerDeps } from "../../deps";
import { createMailer, type Mail, type Mailer } from "../mail/service";
import type { AlertChannel, AlertEvent } from "./channel";

// One mailer (one SMTP transport) per process, not one per alert.
const mailers = new WeakMap<ServerDeps["config"], Mailer>();
export function mailerFor(deps: Pick<ServerDeps, "config" | "sql" | "log">): Mailer {
  let mailer = mailers.get(deps.config);
  if (!mailer) {
    mailer = createMailer(deps);
    mailers.set(deps.config, mailer);
  }
  return mailer;
}

/** Subject and body: pair, side, stage, R and the levels, with a link to the dashboard. */
export function alertMail(to: string, event: AlertEvent, origin: string): Mail {
  const r = formatR(event.r_multiple);
  const subject = `${alertTitle(event)}${r ? ` (${r})` : ""}`;
  const text = [
    `${event.symbol} ${event.side}: ${STAGE_LABELS[event.kind].toLowerCase()}.`,
    alertDetail(event),
    "",
    `Entry ${event.entry_price} · Stop loss ${event.stop_loss} · Take profit ${event.take_profit}`,
    ...(r ? [`R after costs: ${r}`] : []),
    "",
    `Open your dashboard: ${origin}/dashboard`,
    "",
    `You get this mail because e-mail alerts are on for this stage. Change them under Profile → Alerts: ${origin}/profile`,
  ].join("\n");
  return { to, subject, text };
}

export const emailChannel: AlertChannel = {
  name: "email",
  deliver: async (deps, event) => {
    const [user] = await deps.sql<{ email: string }[]>`select email from users where id = ${event.user_id}`;
    if (!user) return;
    await mailerFor(deps).send(alertMail(user.email, event, deps.config.PUBLIC_ORIGIN));
  },
};
