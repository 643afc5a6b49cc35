// Request/response shapes of the session list (spec 01 §3 "Listed sessions").
import { t } from "elysia";

export { sessionItem, sessionsResponse } from "@core/contract/session";
// Whole and within the bigint ids: "1.5" or a 20-digit id is a 422, not a database error.
export const sessionParams = t.Object({ id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export const statusResponse = t.Object({ status: t.String(), detail: t.String() });
export { trustedBrowsersResponse } from "@core/contract/session";
// A device id as the client keeps it (spec 01: a random id in local storage).
export const trustedBrowserParams = t.Object({ deviceId: t.String({ minLength: 1, maxLength: 200 }) });
