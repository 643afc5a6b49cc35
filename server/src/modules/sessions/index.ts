// GET /api/user/sessions and DELETE /api/user/sessions/:id: the signed-in user's devices and remote logout.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { securityEvent } from "../../lib/security-log";
import { sessionParams, sessionsResponse, statusResponse } from "./model";
import { listSessions, revokeOwnSession } from "./service";

export const sessionsModule = (deps: AppDeps) =>
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
