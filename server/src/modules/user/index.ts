// /api/user/*: profile (read, update, detailed), dashboard stats and password change for the signed-in user.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { createLimiter } from "../../lib/rate-limit";
import { deviceCookie } from "../auth";
import { changePassword } from "../auth/passwords";
import { createMailer } from "../mail/service";
import { changePasswordBody, detailedProfileResponse, profileResponse, profileUpdateBody, statsResponse, statusResponse } from "./model";
import { getDetailedProfile, getProfile, getStats, updateProfile } from "./service";

export const userModule = (deps: AppDeps) => {
  // A stolen access token must not become an oracle for guessing the current password.
  const changeLimit = createLimiter(deps, { name: "change-password", points: 5, durationSeconds: 15 * 60 });
  const mailer = createMailer(deps);
  const device = deviceCookie(deps.config.isProduction);
  return new Elysia({ prefix: "/api/user", tags: ["user"] })
    .use(authPlugin(deps))
    .get("/profile", ({ user }) => getProfile(deps, user.id), {
      auth: true,
      response: { 200: profileResponse },
      detail: { summary: "Profile of the signed-in user" },
    })
    .put("/profile", ({ user, body }) => updateProfile(deps, user.id, body), {
      auth: true,
      body: profileUpdateBody,
      response: { 200: profileResponse },
      detail: { summary: "Update first and last name" },
    })
    .get("/profile/detailed", ({ user }) => getDetailedProfile(deps, user.id), {
      auth: true,
      response: { 200: detailedProfileResponse },
      detail: { summary: "Profile with sessions, devices and credit totals" },
    })
    .get("/stats", ({ user }) => getStats(deps, user.id), {
      auth: true,
      response: { 200: statsResponse },
      detail: { summary: "Active signals, average confidence (%), credits" },
    })
    .put(
      "/change-password",
      async ({ user, body, cookie }) => {
        await changeLimit.consume(String(user.id), "Too many attempts. Please wait and try again.");
        const result = await changePassword(deps, mailer, user, body);
        // Every browser's device trust ended with the old password; this one's cookie goes too.
        device.clear(cookie[device.name]);
        return result;
      },
      {
        auth: true,
        body: changePasswordBody,
        response: { 200: statusResponse },
        detail: { summary: "Change password; other sessions are logged out" },
      },
    );
};
