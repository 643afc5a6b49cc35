// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise the mail_outbox table plus a log line.
import nodemailer from "nodemailer";
import type { ServerDeps } from "../../deps";

export type Mail = { to: string; subject: string; text: string };

/** How long the development outbox keeps a mail. */
export const OUTBOX_KEEP_SECONDS = 24 * 3600;
export type Mailer = { send: (mail: Mail) => Promise<void> };

export function createMailer({ config, sql, log }: Pick<ServerDeps, "config" | "sql" | "log">): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
        log.info("mail sent", { to: mail.to, subject: mail.subject });
        return;
      }
      // Production never gets here (SMTP_URL is required there). The outbox keeps a day; older codes and links go.
      await sql`insert into mail_outbox (to_address, subject, body_text) values (${mail.to}, ${mail.subject}, ${mail.text})`;
      await sql`delete from mail_outbox where created_at < now() - make_interval(secs => ${OUTBOX_KEEP_SECONDS})`;
      // The body reaches the log only under development, where the log is how a developer reads codes and links.
      const body = config.NODE_ENV === "development" ? { text: mail.text } : {};
      log.info("mail stored in outbox (no SMTP_URL)", { to: mail.to, subject: mail.subject, ...body });
    },
  };
}

export async function readMailbox({ sql }: Pick<ServerDeps, "sql">, to: string, limit = 50) {
  const rows = await sql`
    select to_address, subject, body_text, created_at from mail_outbox
    where lower(to_address) = lower(${to}) order by id desc limit ${limit}`;
  return rows.map((r) => ({
    to: r.to_address as string,
    subject: r.subject as string,
    text: r.body_text as string,
    created_at: (r.created_at as Date).toISOString(),
  }));
}
