// GET /api/market/*: market snapshots read from Redis, the refresh intervals and the supported pairs; plus the /ws/market socket.
import { Elysia } from "elysia";
import type { ChartCandleSource } from "@core/market/chart-candles";
import { clientIp, ipKey } from "../../lib/client-ip";
import { createLimiter } from "../../lib/rate-limit";
import type { AppDeps } from "../../deps";
import { candleService } from "./candles";
import type { MarketTopic } from "@core/market/market-intervals";
import {
  candlesQuery,
  candlesResponse,
  coreAssetsQuery,
  errorResponse,
  marketClockResponse,
  moversQuery,
  orderbookQuery,
  snapshotResponse,
} from "./model";
import { sharedRead } from "../../lib/conditional";
import { coreAssets, movers, orderbook, refreshIntervals, snapshotAnswer, symbolsList } from "./service";
import { marketSocket } from "./socket";

const responses = { 200: snapshotResponse, 400: errorResponse, 404: errorResponse, 503: errorResponse };

/** Candle requests per client address and minute (a chart load is one to three). */
export const CANDLES_PER_MINUTE = 120;

export const marketModule = (deps: AppDeps, opts: { candleSource?: ChartCandleSource } = {}) => {
  const candles = candleService(deps, { source: opts.candleSource });
  // Cached answers cost little, but a sweep of symbols, intervals and ends would not hit the cache: limited per address.
  const candlesPerIp = createLimiter(deps, { name: "candles-ip", points: CANDLES_PER_MINUTE, durationSeconds: 60 });
  /** The route of a topic answered as its stored snapshot, shared by every caller. */
  const topic = (name: MarketTopic) => async (ctx: { request: Request; route: string }) => sharedRead(ctx, await snapshotAnswer(deps, name));
  return new Elysia().use(marketSocket(deps)).use(
    new Elysia({ prefix: "/api/market", tags: ["market"] })
      .get("/refresh-interval", () => refreshIntervals(), {
        response: { 200: snapshotResponse },
        detail: { summary: "Refresh intervals (seconds) per market topic" },
      })
      .get("/clock", () => candles.clock(), {
        response: { 200: marketClockResponse, 503: errorResponse },
        detail: { summary: "The market clock market events are dated on (the replay's under the replay) and its speed" },
      })
      .get("/symbols", () => symbolsList(deps.config), {
        response: { 200: snapshotResponse },
        detail: { summary: "Supported pairs, most traded first" },
      })
      .get("/health", topic("health"), {
        response: responses,
        detail: { summary: "Market health: status and composite score" },
      })
      .get("/pre-analysis", topic("gate"), {
        response: responses,
        detail: { summary: "Pre-analysis gate: GO / CAUTION / NO_GO" },
      })
      .get("/session", topic("session"), {
        response: responses,
        detail: { summary: "Trading sessions (UTC) and overlaps" },
      })
      .get("/sentiment", topic("sentiment"), {
        response: responses,
        detail: { summary: "BTC volume dominance, BTC-ETH correlation, funding" },
      })
      .get("/core-assets", async (ctx) => sharedRead(ctx, await coreAssets(deps, ctx.query.symbols)), {
        query: coreAssetsQuery,
        response: responses,
        detail: { summary: "BTC/ETH cards" },
      })
      .get("/orderbook", async (ctx) => sharedRead(ctx, await orderbook(deps, ctx.query.symbol)), {
        query: orderbookQuery,
        response: responses,
        detail: { summary: "Order book modelled from candles" },
      })
      .get("/movers", async (ctx) => sharedRead(ctx, await movers(deps, ctx.query.full_details === "true" || ctx.query.full_details === "1")), {
        query: moversQuery,
        response: responses,
        detail: { summary: "24h gainers, losers (and every pair with full_details=true)" },
      })
      .get(
        "/candles",
        async ({ query, request, server }) => {
          await candlesPerIp.consume(ipKey(clientIp(deps.config, request, server)), "Too many candle requests; try again in a minute");
          return candles.answer(query);
        },
        {
          query: candlesQuery,
          response: { 200: candlesResponse, 400: errorResponse, 404: errorResponse, 429: errorResponse, 503: errorResponse },
          detail: { summary: "Closed candles of a pair (1h, 4h, 1d) for the signal chart; replay never past its clock" },
        },
      ),
  );
};
