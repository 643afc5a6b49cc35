// Request shapes of the favorites module; its answers are the contract's (core/contract/favorites).
import { t } from "elysia";

export { addResponse, favoritesSchema, removeResponse } from "@core/contract/favorites";
export const addBody = t.Object({ symbol: t.String({ description: "Supported pair; trimmed and upper-cased" }) });
export const symbolParams = t.Object({ symbol: t.String() });
