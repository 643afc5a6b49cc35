// /api/user/favorites: list, add and remove the caller's favorite pairs.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { errorSchema } from "../signals/model";
import { addBody, addResponse, favoritesSchema, removeResponse, symbolParams } from "./model";
import { MAX_FAVORITES, addFavorite, listFavorites, removeFavorite } from "./service";

export const favoritesModule = (deps: AppDeps) => {
  return new Elysia({ prefix: "/api/user/favorites", tags: ["favorites"] })
    .use(authPlugin(deps))
    .get("/", ({ user }) => listFavorites(deps.sql, user.id), {
      auth: true,
      response: { 200: favoritesSchema },
      detail: { summary: "My favorite pairs, oldest first" },
    })
    .post("/", ({ user, body }) => addFavorite(deps.sql, user.id, body.symbol), {
      auth: true,
      body: addBody,
      response: { 200: addResponse, 400: errorSchema, 409: errorSchema },
      detail: { summary: `Add a favorite (idempotent; at most ${MAX_FAVORITES}, 409 with 'limit' beyond)` },
    })
    .delete("/:symbol", ({ user, params }) => removeFavorite(deps.sql, user.id, params.symbol), {
      auth: true,
      params: symbolParams,
      response: { 200: removeResponse, 404: errorSchema },
      detail: { summary: "Remove a favorite (404 when it is not one)" },
    });
};
