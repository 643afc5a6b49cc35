// Support tickets: validates with the shared contact rules, stores the ticket in Postgres and mails the sender a receipt.
import { contactSchema } from "@core/contact";
import type { ServerDeps } from "../../deps";
import { HttpError } from "../../lib/http-error";
import type { Mailer } from "../mail/service";

export async function createTicket({ sql }: Pick<ServerDeps, "sql">, input: unknown, meta: { userId: number | null; ip: string }) {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? "body"), message: i.message }));
    throw new HttpError(422, errors.map((e) => e.message).join("; "), { errors });
  }
  const { name, email, subject, message } = parsed.data;
  const [row] = await sql`
    insert into support_tickets (user_id, name, email, subject, message, ip)
    values (${meta.userId}, ${name}, ${email}, ${subject}, ${message}, ${meta.ip})
    returning id`;
  return { ticket_id: row.id as number, ...parsed.data };
}

/** The confirmation the contact page promises: the ticket number, the subject and a copy of the message. */
export function ticketReceipt(ticket: { ticket_id: number; name: string; email: string; subject: string; message: string }) {
  return {
    to: ticket.email,
    subject: `Tradewind support: ticket #${ticket.ticket_id} received`,
    text:
      `Hello ${ticket.name},\n\nWe received your message (ticket #${ticket.ticket_id}, "${ticket.subject}") and will answer by e-mail.\n\n` +
      `Your message:\n\n${ticket.message}\n\nIf you did not write to us, you can ignore this e-mail.`,
  };
}

export async function mailReceipt(mailer: Mailer, log: ServerDeps["log"], ticket: Parameters<typeof ticketReceipt>[0]) {
  // The ticket is stored either way: a mail outage must not lose the sender's message or turn it into an error.
  await mailer
    .send(ticketReceipt(ticket))
    .catch((err) => log.error("ticket receipt mail failed", { ticket_id: ticket.ticket_id, error: String(err) }));
}
