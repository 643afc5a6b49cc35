// A trader's favorite pairs (spec 02 §3 Favorite): every favorites answer carries the whole list, oldest first.
import { type Static, t } from "elysia";

const favorite = t.Object({ symbol: t.String({ description: "Upper case" }), created_at: t.String() });

export const favoritesSchema = t.Object({ favorites: t.Array(favorite) });
export const addResponse = t.Object({ symbol: t.String(), favorites: t.Array(favorite) });
export const removeResponse = t.Object({ symbol: t.String(), detail: t.String(), favorites: t.Array(favorite) });

/** What GET, POST and DELETE /api/user/favorites all answer with (add and remove add fields the web does not read). */
export type FavoriteList = Static<typeof favoritesSchema>;
