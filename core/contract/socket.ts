// Everything the /ws/market socket carries, and the Redis channel a user's pushes travel on: one schema per message.
import { type Static, t } from "elysia";
import { alertKind } from "./alert";
import { analysisSchema } from "./analysis";

/** The Redis channel (before prefixing) of user `id`'s pushes; named for its first use, analysis progress. */
export const USER_CHANNEL_PREFIX = "analysis.";
export const userChannel = (userId: number) => `${USER_CHANNEL_PREFIX}${userId}`;

/** The market topics' message types, one per stored snapshot (core/market-intervals maps topics onto them). */
export const MARKET_PUSH_TYPES = ["market_health", "gate_decision", "session", "core_assets", "orderbook", "movers", "prices", "sentiment"] as const;
export type MarketPushType = (typeof MARKET_PUSH_TYPES)[number];

// Market payloads are the snapshot bodies the REST endpoints serve too; the socket only wraps them.
// `published_at` (ms, first in the frame): the engine's Redis publish time, read by the servers for the fan-out lag metric.
export const marketPushSchema = t.Object({
  published_at: t.Optional(t.Number()),
  type: t.UnionEnum([...MARKET_PUSH_TYPES]),
  data: t.Unknown(),
});

/** An analysis' progress: the analysis' own fields under `request_id`, with the phase's short reason once it ended. */
export const analysisProgressSchema = t.Composite([
  t.Object({ request_id: t.Number() }),
  t.Pick(analysisSchema, [
    "symbol",
    "status",
    "current_phase",
    "progress_percent",
    "next_run_at",
    "time_remaining_seconds",
    "final_signal_id",
    "final_signal_type",
    "credits_status",
  ]),
  t.Object({ reason: t.Nullable(t.String()) }),
]);

export const alertPushSchema = t.Object({
  id: t.Number(),
  user_id: t.Number(),
  signal_id: t.Number(),
  kind: alertKind,
  symbol: t.String(),
  side: t.UnionEnum(["LONG", "SHORT"]),
  entry_price: t.Number(),
  stop_loss: t.Number(),
  take_profit: t.Number(),
  r_multiple: t.Nullable(t.Number()),
  created_at: t.String(),
  title: t.String(),
  detail: t.String(),
});

/** What travels on a user's channel: progress of an analysis, an in-app alert, and "anything of yours changed". */
export const userPushSchema = t.Union([
  t.Object({ type: t.Literal("analysis_progress"), data: analysisProgressSchema }),
  t.Object({ type: t.Literal("alert"), data: alertPushSchema }),
  t.Object({ type: t.Literal("user_changed"), data: t.Object({}) }),
]);

/** The socket's own answers to a client's actions (subscribe, unsubscribe, auth, ping) and its session notices. */
export const controlMessageSchema = t.Union([
  t.Object({ type: t.Literal("subscribed"), topics: t.Array(t.String()) }),
  t.Object({ type: t.Literal("unsubscribed"), topics: t.Array(t.String()) }),
  t.Object({ type: t.Literal("authenticated"), data: t.Object({ user_id: t.Number() }) }),
  t.Object({ type: t.UnionEnum(["auth_expired", "auth_revoked", "error"]), detail: t.String() }),
  t.Object({ type: t.Literal("pong") }),
]);

export const socketMessageSchema = t.Union([marketPushSchema, userPushSchema, controlMessageSchema]);

export type MarketPush = Static<typeof marketPushSchema>;
export type AnalysisProgress = Static<typeof analysisProgressSchema>;
export type AlertPush = Static<typeof alertPushSchema>;
export type UserPush = Static<typeof userPushSchema>;
export type ControlMessage = Static<typeof controlMessageSchema>;
export type SocketMessage = Static<typeof socketMessageSchema>;

/** The one encoder of a frame: what is published or sent is typed against the union above. */
export const encodePush = (msg: SocketMessage): string => JSON.stringify(msg);

/** What a signed-in socket receives when anything of its user's changed (its lists answer fresh, not 304, next). */
export const USER_CHANGED_MESSAGE = encodePush({ type: "user_changed", data: {} });
