// GET /api/user/sessions and DELETE /api/user/sessions/:id: the signed-in user's devices and remote logout; GET
// /api/user/trusted-browsers and DELETE /api/user/trusted-browsers/:deviceId: browsers that sign in without a code.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { notFound } from "../../lib/http-error";
import { securityEvent } from "../../lib/security-log";
import { removeBrowserTrust, trustedBrowsers } from "./device-trust";
import { sessionParams, sessionsResponse, statusResponse, trustedBrowserParams, trustedBrowsersResponse } from "./model";
import { listSessions, revokeOwnSession } from "./service";

const sessions = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/user/sessions", tags: ["sessions"] })
    .use(authPlugin(deps))
    .get("/", async ({ user }) => ({ sessions: await listSessions(deps, user.id, user.sessionId) }), {
      auth: true,
      response: { 200: sessionsResponse },
      detail: { summary: "Active login sessions of the signed-in user" },
    })
    .delete(
      "/:id",
      async ({ user, params }) => {
        await revokeOwnSession(deps, user.id, params.id);
        securityEvent(deps.log, "session_revoked", { user_id: user.id, session_id: params.id });
        return { status: "revoked", detail: "Session logged out" };
      },
      { auth: true, params: sessionParams, response: { 200: statusResponse }, detail: { summary: "Log out one of your sessions" } },
    );

// Trust belongs to the browser and outlives sign-out; its owner withdraws it here (reset and change withdraw all).
const trusted = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/user/trusted-browsers", tags: ["sessions"] })
    .use(authPlugin(deps))
    .get("/", async ({ user }) => ({ browsers: await trustedBrowsers(deps.sql, user.id) }), {
      auth: true,
      response: { 200: trustedBrowsersResponse },
      detail: { summary: "Browsers of the signed-in user that sign in without an e-mail code" },
    })
    .delete(
      "/:deviceId",
      async ({ user, params }) => {
        if (!(await removeBrowserTrust(deps.sql, user.id, params.deviceId))) throw notFound("Trusted browser not found");
        securityEvent(deps.log, "browser_trust_removed", { user_id: user.id });
        return { status: "removed", detail: "The browser will need an e-mail code at its next sign-in" };
      },
      {
        auth: true,
        params: trustedBrowserParams,
        response: { 200: statusResponse },
        detail: { summary: "Stop trusting one of your browsers" },
      },
    );

export const sessionsModule = (deps: AppDeps) => new Elysia().use(sessions(deps)).use(trusted(deps));
