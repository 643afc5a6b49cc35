// GET /api/dev/mailbox: mails kept in the outbox, newest first; development and tests only (404 in production).
import { Elysia } from "elysia";
import type { ServerDeps } from "../../deps";
import { notFound } from "../../lib/http-error";
import { mailboxQuery, mailboxResponse } from "./model";
import { readMailbox } from "./service";

export const mailModule = (deps: ServerDeps) =>
  new Elysia({ prefix: "/api/dev", tags: ["dev"] }).get(
    "/mailbox",
    async ({ query }) => {
      if (deps.config.isProduction) throw notFound(`Not found: GET /api/dev/mailbox`);
      return readMailbox(deps, query.to);
    },
    { query: mailboxQuery, response: { 200: mailboxResponse }, detail: { summary: "Development mailbox (not in production)" } },
  );
