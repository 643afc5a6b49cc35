// Request/response shapes of the market module: snapshot reads are {data, computed_at} (plus derived for modelled data); candles their own.
import { type Static, t } from "elysia";

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

export const candlesQuery = t.Object({
  symbol: t.Optional(t.String({ description: "Pair, e.g. BTCUSDT" })),
  interval: t.Optional(t.String({ description: "1h, 4h (rolled up from 1h) or 1d" })),
  end: t.Optional(t.String({ description: "Newest close time wanted (ms); the replay never serves past its clock" })),
  limit: t.Optional(t.String({ description: "1..500 candles, default 200" })),
});
export type CandlesQuery = Static<typeof candlesQuery>;

/** One closed candle: open time (ms), open, high, low, close, base volume. */
export const candleSchema = t.Object({ t: t.Number(), o: t.Number(), h: t.Number(), l: t.Number(), c: t.Number(), v: t.Number() });

export const candlesResponse = t.Object({
  symbol: t.String(),
  interval: t.Union([t.Literal("1h"), t.Literal("4h"), t.Literal("1d")]),
  source: t.Union([t.Literal("replay"), t.Literal("binance")]),
  candles: t.Array(candleSchema, { description: "Closed candles, oldest first" }),
  forming: t.Optional(
    t.Nullable(candleSchema, {
      description:
        "Only for a window up to now: the candle forming after the last close as far as it has formed (replay: the stated path through the recorded hour); null when none",
    }),
  ),
});
export type CandlesResponse = Static<typeof candlesResponse>;

export const marketClockResponse = t.Object({
  now_ms: t.Number({ description: "The market's now (ms): the replayed moment under the replay, wall time live" }),
  source: t.Union([t.Literal("replay"), t.Literal("binance")]),
  speed: t.Number({ description: "Market ms per wall ms (REPLAY_SPEED under the replay, 1 live)" }),
});
export type MarketClock = Static<typeof marketClockResponse>;
