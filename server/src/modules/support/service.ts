// Support tickets: validates with the shared contact rules, stores the ticket in Postgres and mails the sender a receipt.
import addressparser from "nodemailer/lib/addressparser";
import { canonicalMailbox, isValidEmail } from "@core/rules/accounts";
import { contactSchema } from "@core/rules/contact";
import type { ServerDeps } from "../../deps";
import { HttpError } from "../../lib/http-error";
import type { Mailer } from "../mail/service";

const INVALID_EMAIL = "Please enter a valid email address";
/** Characters that make an address a display-name or list form rather than one plain mailbox. */
const ADDRESS_SPECIALS = /[<>()[\],;:"\\]/;

/**
 * The one mailbox the mailer would deliver to, as nodemailer itself parses the address (`<v@x>`, `x<v@x>` and `v@x`
 * all reach v@x), in lower case; null when the text names no plain mailbox or several. The shared form rule (one @, a
 * dot in the domain, no spaces) lets the bracketed forms through, and the web bundle cannot carry nodemailer.
 */
export function contactMailbox(raw: string): string | null {
  const parsed = addressparser(raw.trim(), { flatten: true });
  const address = parsed.length === 1 ? parsed[0].address : "";
  if (!address || ADDRESS_SPECIALS.test(address) || !isValidEmail(address)) return null;
  return address.toLowerCase();
}

/**
 * The key of the per-mailbox receipt cap: the mailbox's canonical form (no "+tag", Gmail's dots dropped), so case,
 * spaces, brackets or tags do not make the same inbox count as several.
 */
export const receiptCapKey = (mailbox: string) => `a:${canonicalMailbox(mailbox)}`;

export async function createTicket({ sql }: Pick<ServerDeps, "sql">, input: unknown, meta: { userId: number | null; ip: string }) {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? "body"), message: i.message }));
    throw new HttpError(422, errors.map((e) => e.message).join("; "), { errors });
  }
  const { name, subject, message } = parsed.data;
  // The ticket keeps the mailbox support will answer (and the receipt goes to), not the text as typed.
  const email = contactMailbox(parsed.data.email);
  if (!email) throw new HttpError(422, INVALID_EMAIL, { errors: [{ field: "email", message: INVALID_EMAIL }] });
  const [row] = await sql`
    insert into support_tickets (user_id, name, email, subject, message, ip)
    values (${meta.userId}, ${name}, ${email}, ${subject}, ${message}, ${meta.ip})
    returning id`;
  return { ticket_id: row.id as number, ...parsed.data, email };
}

/**
 * The confirmation: the ticket number and the chosen subject (one of a fixed list), and nothing the sender wrote. The
 * address is nobody's verified one, so echoing the name or message would let anyone mail anyone text from this site.
 */
export function ticketReceipt(ticket: { ticket_id: number; email: string; subject: string }) {
  return {
    to: ticket.email,
    subject: `Tradewind support: ticket #${ticket.ticket_id} received`,
    text:
      `Hello,\n\nWe received a message sent with this e-mail address through our contact form (ticket #${ticket.ticket_id}, ` +
      `"${ticket.subject}") and will answer by e-mail.\n\nIf you did not write to us, you can ignore this e-mail.`,
  };
}

export async function mailReceipt(mailer: Mailer, log: ServerDeps["log"], ticket: Parameters<typeof ticketReceipt>[0]) {
  // The ticket is stored either way: a mail outage must not lose the sender's message or turn it into an error.
  await mailer
    .send(ticketReceipt(ticket))
    .catch((err) => log.error("ticket receipt mail failed", { ticket_id: ticket.ticket_id, error: String(err) }));
}
