// Support tickets: validates with the shared contact rules and stores the ticket in Postgres.
import { contactSchema } from "@core/contact";
import type { ServerDeps } from "../../deps";
import { HttpError } from "../../lib/http-error";

export async function createTicket(
  { sql }: Pick<ServerDeps, "sql">,
  input: unknown,
  meta: { userId: number | null; ip: string },
) {
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
  return { ticket_id: row.id as number };
}
