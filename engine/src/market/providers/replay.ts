// Replay provider: recorded candles from engine/data/market, read lazily and cached, on a clock walking through the record.
import { join } from "node:path";
import { closedCandles, formingPathPrice, type ReplayClock, recordedSeries, REPLAY_DATA_DIR, spotFile } from "@core/market/market-replay";
import { RECORDED_SYMBOLS } from "@core/market/symbols";
import { fundingInForce, recordedPerps } from "./funding";
import type { MarketProvider, ProviderInterval } from "./types";

// The clock and the closed-candle rule live in core: the server's candles endpoint reads the same replay.
export {
  createReplayClock,
  DEFAULT_START_OFFSET_MS,
  type ReplayClock,
  type ReplayClockOptions,
  REPLAY_DATA_DIR,
  type ReplayManifest,
  readManifest,
  replayAnchor,
} from "@core/market/market-replay";

export function createReplayProvider(clock: ReplayClock, dir = REPLAY_DATA_DIR): MarketProvider {
  const series = recordedSeries();
  const perps = recordedPerps(dir);
  return {
    name: "replay",
    now: () => clock.now(),
    async candles(symbol: string, interval: ProviderInterval, { end, limit }: { end?: number; limit: number }) {
      if (!RECORDED_SYMBOLS.includes(symbol) || limit <= 0) return [];
      return closedCandles(await series(spotFile(dir, interval, symbol)), interval, end ?? clock.now(), limit);
    },
    async fundingRate(symbol: string, at?: number) {
      if (!RECORDED_SYMBOLS.includes(symbol)) return null;
      const rows = await series(join(dir, "futures", "funding-8h", `${symbol}.csv.gz`));
      return fundingInForce(rows, at ?? clock.now());
    },
    async pathPrice(symbol: string, at: number) {
      return RECORDED_SYMBOLS.includes(symbol) ? formingPathPrice(series, dir, symbol, at) : null;
    },
    symbols: () => [...RECORDED_SYMBOLS],
    perpSince: perps,
  };
}
