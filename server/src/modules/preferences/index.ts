// /api/user/preferences: the position sizer's account size and risk per trade, remembered per user.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { errorSchema, preferencesBody, preferencesResponse } from "./model";
import { getPreferences, savePreferences } from "./service";

export const preferencesModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/user", tags: ["user"] })
    .use(authPlugin(deps))
    .get("/preferences", ({ user }) => getPreferences(deps, user.id), {
      auth: true,
      response: { 200: preferencesResponse },
      detail: { summary: "My position-sizer preferences (null until saved)" },
    })
    .put("/preferences", ({ user, body }) => savePreferences(deps, user.id, body), {
      auth: true,
      body: preferencesBody,
      response: { 200: preferencesResponse, 400: errorSchema },
      detail: { summary: "Save account size (0 < USDT ≤ 1e9) and risk per trade (0 < % ≤ 10); 400 invalid_preferences otherwise" },
    });
