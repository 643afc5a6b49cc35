// Request/response shapes of the market module: every read is {data, computed_at} (plus derived for modelled data).
import { t } from "elysia";

export const snapshotResponse = t.Object({
  data: t.Unknown(),
  computed_at: t.Nullable(t.String()),
  derived: t.Optional(t.Boolean()),
});

export const errorResponse = t.Object({ detail: t.String() });

export const coreAssetsQuery = t.Object({ symbols: t.Optional(t.String()) });
export const orderbookQuery = t.Object({ symbol: t.Optional(t.String()) });
export const moversQuery = t.Object({ full_details: t.Optional(t.String()) });

/** Client-side socket messages. */
export type SocketRequest =
  | { action: "subscribe"; topics: string[] }
  | { action: "unsubscribe"; topics: string[] }
  | { action: "auth"; token: string }
  | { action: "ping" };
