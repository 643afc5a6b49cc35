// Request/response shapes of the favorites module.
import { t } from "elysia";

const favorite = t.Object({ symbol: t.String(), created_at: t.String() });

export const favoritesSchema = t.Object({ favorites: t.Array(favorite) });
export const addBody = t.Object({ symbol: t.String({ description: "Supported pair; trimmed and upper-cased" }) });
export const addResponse = t.Object({ symbol: t.String(), favorites: t.Array(favorite) });
export const removeResponse = t.Object({ symbol: t.String(), detail: t.String(), favorites: t.Array(favorite) });
export const symbolParams = t.Object({ symbol: t.String() });
