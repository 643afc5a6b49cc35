// Chooses the market provider from configuration: replay (default, offline) or binance (live).
import type Redis from "ioredis";
import type { Config } from "@core/infra/config";
import { redisKeys } from "@core/infra/redis";
import { createBinanceProvider } from "./binance";
import { sharedReplayClock } from "@core/market/market-replay";
import { createReplayProvider, replayAnchor } from "./replay";
import type { MarketProvider } from "./types";

export type { MarketProvider, ProviderInterval } from "./types";

/**
 * Async because the replay clock's anchor is agreed through Redis first. Without Redis (scripts, backtests)
 * the anchor is this process's start.
 */
export async function createMarketProvider(
  config: Pick<Config, "MARKET_PROVIDER" | "REPLAY_SPEED" | "REPLAY_START" | "REDIS_PREFIX">,
  redis?: Redis,
): Promise<MarketProvider> {
  if (config.MARKET_PROVIDER === "binance") return createBinanceProvider();
  const keys = redisKeys(config.REDIS_PREFIX);
  const clock = await sharedReplayClock(config, async () => (redis ? replayAnchor(redis, keys) : Date.now()));
  return createReplayProvider(clock);
}
