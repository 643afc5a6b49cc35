// The built-in list of supported pairs (spec 02: about 200 USDT pairs): the most traded pairs through the replay's default
// period, every one with shipped candles, so the default replay serves them all. `unavailableReason` guards the rest.
import { EARLY_REPLAY_PERIOD, RECORDED_SYMBOLS } from "./recorded-symbols";

export { RECORDED_SYMBOLS };

export const SUPPORTED_SYMBOLS: string[] = RECORDED_SYMBOLS;

const SUPPORTED = new Set(SUPPORTED_SYMBOLS);
const EARLY = new Set(EARLY_REPLAY_PERIOD.symbols);

/** True for an upper-case pair of the built-in list, e.g. "BTCUSDT". */
export function isSupportedSymbol(symbol: string): boolean {
  return SUPPORTED.has(symbol);
}

export type MarketProviderName = "replay" | "binance";

/** True when REPLAY_START falls in the earlier shipped period (the clock then walks that period, not the default one). */
export function replaysEarlyPeriod(replayStart: string | undefined): boolean {
  const t = replayStart ? Date.parse(replayStart) : Number.NaN;
  return t >= EARLY_REPLAY_PERIOD.start_ms && t < EARLY_REPLAY_PERIOD.end_ms;
}

/**
 * Why the configured market cannot serve a listed pair, or null when it can. Live Binance and the default replay period
 * serve every listed pair; a replay of the earlier period only the pairs recorded then.
 */
export function unavailableReason(symbol: string, config: { MARKET_PROVIDER: MarketProviderName; REPLAY_START?: string }): string | null {
  const early = config.MARKET_PROVIDER === "replay" && replaysEarlyPeriod(config.REPLAY_START);
  return early && !EARLY.has(symbol) ? "no recorded data in this replay period" : null;
}
