// Request/response shapes of the development mailbox.
import { t } from "elysia";

export const mailboxQuery = t.Object({ to: t.String({ minLength: 3, maxLength: 254 }) });

export const mailboxResponse = t.Array(t.Object({ to: t.String(), subject: t.String(), text: t.String(), created_at: t.String() }));
