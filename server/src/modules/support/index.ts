// POST /api/support/contact: public contact form, rate-limited per IP.
import { Elysia } from "elysia";
import type { ServerDeps } from "../../deps";
import { clientIp, ipKey } from "../../lib/client-ip";
import { bearerToken, verifyAccessToken, verifyOptions } from "../../lib/auth";
import { createLimiter } from "../../lib/rate-limit";
import { contactBody, contactResponse } from "./model";
import { createTicket } from "./service";

export const supportModule = (deps: ServerDeps) => {
  const perIp = createLimiter(deps, { name: "contact-ip", points: 5, durationSeconds: 3600 });
  return new Elysia({ prefix: "/api/support", tags: ["support"] }).post(
    "/contact",
    async ({ body, request, server }) => {
      const ip = clientIp(deps.config, request, server);
      await perIp.consume(ipKey(ip), "Too many messages from this address. Please try again later.");
      // Signed-in senders are linked to their account; the form works signed out too.
      const token = bearerToken(request.headers.get("authorization"));
      const user = token ? await verifyAccessToken(deps.config.JWT_SECRET, token, verifyOptions(deps.config)) : null;
      const { ticket_id } = await createTicket(deps, body, { userId: user?.id ?? null, ip });
      return { ticket_id, detail: "Message received", message: `Ticket #${ticket_id} created` };
    },
    { body: contactBody, response: { 200: contactResponse }, detail: { summary: "Send a message to support" } },
  );
};
