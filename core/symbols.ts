// The built-in list of supported pairs (spec 02: about 200 USDT pairs): the pairs with recorded data, then the other
// large Binance USDT spot pairs. Which of them a market provider can serve is `unavailableReason`'s business.
import { RECORDED_SYMBOLS } from "./recorded-symbols";

export { RECORDED_SYMBOLS };

/** Large Binance USDT spot pairs without shipped candles: live Binance serves them, the replay cannot. */
const UNRECORDED_SYMBOLS: string[] = [
  "BNBUSDT",
  "ADAUSDT",
  "DOTUSDT",
  "XLMUSDT",
  "FILUSDT",
  "VETUSDT",
  "ALGOUSDT",
  "GRTUSDT",
  "SANDUSDT",
  "MANAUSDT",
  "AXSUSDT",
  "THETAUSDT",
  "FLOWUSDT",
  "XTZUSDT",
  "EOSUSDT",
  "CHZUSDT",
  "KAVAUSDT",
  "NEOUSDT",
  "IOTAUSDT",
  "ZECUSDT",
  "DASHUSDT",
  "COMPUSDT",
  "SNXUSDT",
  "ENJUSDT",
  "BATUSDT",
  "ZILUSDT",
  "QTUMUSDT",
  "ONTUSDT",
  "ICXUSDT",
  "RVNUSDT",
  "HOTUSDT",
  "ZRXUSDT",
  "KSMUSDT",
  "LRCUSDT",
  "IMXUSDT",
  "PYTHUSDT",
  "JUPUSDT",
  "SUSHIUSDT",
  "YFIUSDT",
  "ROSEUSDT",
  "CELOUSDT",
  "ANKRUSDT",
  "MINAUSDT",
  "WOOUSDT",
  "CFXUSDT",
  "GMXUSDT",
  "SSVUSDT",
  "MAGICUSDT",
  "CKBUSDT",
  "ONEUSDT",
  "ZENUSDT",
  "IOSTUSDT",
  "SKLUSDT",
  "STORJUSDT",
  "CELRUSDT",
  "COTIUSDT",
  "ALTUSDT",
  "MANTAUSDT",
  "PIXELUSDT",
  "AEVOUSDT",
  "WUSDT",
  "TNSRUSDT",
  "IOTXUSDT",
  "LPTUSDT",
];

export const SUPPORTED_SYMBOLS: string[] = [...RECORDED_SYMBOLS, ...UNRECORDED_SYMBOLS];

const SUPPORTED = new Set(SUPPORTED_SYMBOLS);
const RECORDED = new Set(RECORDED_SYMBOLS);

/** True for an upper-case pair of the built-in list, e.g. "BTCUSDT". */
export function isSupportedSymbol(symbol: string): boolean {
  return SUPPORTED.has(symbol);
}

export type MarketProviderName = "replay" | "binance";

/** Why the configured provider cannot serve a supported pair, or null when it can (live Binance serves every pair). */
export function unavailableReason(symbol: string, provider: MarketProviderName): string | null {
  return provider === "replay" && !RECORDED.has(symbol) ? "no recorded data in replay" : null;
}

/** The pairs a provider serves, in list order. */
export const servableSymbols = (provider: MarketProviderName) => (provider === "replay" ? [...RECORDED_SYMBOLS] : [...SUPPORTED_SYMBOLS]);
