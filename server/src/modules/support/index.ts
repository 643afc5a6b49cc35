// POST /api/support/contact: public contact form, rate-limited per IP and per recipient; the sender gets a receipt by mail.
import { Elysia } from "elysia";
import type { ServerDeps } from "../../deps";
import { clientIp, ipKey } from "../../lib/client-ip";
import { bearerToken, verifyAccessToken, verifyOptions } from "../../lib/auth";
import { createLimiter } from "../../lib/rate-limit";
import { contactBody, contactResponse } from "./model";
import { createMailer } from "../mail/service";
import { createTicket, mailReceipt, receiptCapKey } from "./service";

export const supportModule = (deps: ServerDeps) => {
  const perIp = createLimiter(deps, { name: "contact-ip", points: 5, durationSeconds: 3600 });
  // Receipts go to an address nobody verified: they quote nothing the sender wrote, and one mailbox gets 3 a day.
  const receiptsPerAddress = createLimiter(deps, { name: "contact-receipt-address", points: 3, durationSeconds: 24 * 3600 });
  const mailer = createMailer(deps);
  return new Elysia({ prefix: "/api/support", tags: ["support"] }).post(
    "/contact",
    async ({ body, request, server }) => {
      const ip = clientIp(deps.config, request, server);
      await perIp.consume(ipKey(ip), "Too many messages from this address. Please try again later.");
      // Signed-in senders are linked to their account; the form works signed out too.
      const token = bearerToken(request.headers.get("authorization"));
      const user = token ? await verifyAccessToken(deps.config.JWT_SECRET, token, verifyOptions(deps.config)) : null;
      const ticket = await createTicket(deps, body, { userId: user?.id ?? null, ip });
      const { ticket_id } = ticket;
      const receipt = await receiptsPerAddress.consume(receiptCapKey(ticket.email), "").then(
        () => true,
        () => false,
      );
      if (receipt) await mailReceipt(mailer, deps.log, ticket);
      return { ticket_id, detail: "Message received", message: `Ticket #${ticket_id} created` };
    },
    { body: contactBody, response: { 200: contactResponse }, detail: { summary: "Send a message to support" } },
  );
};
