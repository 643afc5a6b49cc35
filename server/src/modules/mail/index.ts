// GET /api/dev/mailbox: mails kept in the outbox, newest first; mounted only under `bun dev` and the test app, for loopback callers.
import { Elysia } from "elysia";
import type { ServerDeps } from "../../deps";
import { notFound } from "../../lib/http-error";
import { mailboxQuery, mailboxResponse } from "./model";
import { readMailbox } from "./service";

// The socket peer, not X-Forwarded-For: a proxy on this host must not make remote callers look local.
const isLoopback = (address: string) => /^(127\.|::1$|::ffff:127\.)/.test(address);

export const mailModule = (deps: ServerDeps) => {
  const app = new Elysia({ prefix: "/api/dev", tags: ["dev"] });
  if (deps.config.DEV_MAILBOX !== "1" || deps.config.isProduction) return app;
  return app.get(
    "/mailbox",
    async ({ query, request, server }) => {
      // In-process calls (tests) have no socket and count as local.
      const peer = server?.requestIP?.(request)?.address ?? "127.0.0.1";
      if (!isLoopback(peer)) throw notFound(`Not found: GET /api/dev/mailbox`);
      return readMailbox(deps, query.to);
    },
    { query: mailboxQuery, response: { 200: mailboxResponse }, detail: { summary: "Development mailbox (not in production)" } },
  );
};
