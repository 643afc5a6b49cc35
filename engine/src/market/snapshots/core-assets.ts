// Core-asset card (BTC, ETH): price, 24h change, EMA/RSI momentum, swing support/resistance and a risk note.
import type { Candle } from "@core/market/candles";
import { atr, ema, rsi, supportResistance } from "../indicators";
import { priceAndChange, round } from "./price";
import type { CoreAsset, Momentum } from "./types";

export const CORE_ASSET_MIN_1H = 120;
const LEVEL_WINDOW = 120; // five days of hourly swings

/** BULLISH when EMA20 is more than 0.1% above EMA50 on 1h, BEARISH when more than 0.1% below, else NEUTRAL. */
export function momentumOf(closes: number[]): Momentum {
  const e20 = ema(closes, 20).at(-1)!;
  const e50 = ema(closes, 50).at(-1)!;
  const r = rsi(closes, 14).at(-1) ?? null;
  const status = e20 > e50 * 1.001 ? "BULLISH" : e20 < e50 * 0.999 ? "BEARISH" : "NEUTRAL";
  return { status, rsi: r, ema20: round(e20, 6), ema50: round(e50, 6) };
}

export function riskNote(a: { rsi: number | null; atrPct: number; price: number; support: number | null; resistance: number | null }): {
  level: CoreAsset["risk_level"];
  note: string;
} {
  const atrTxt = `hourly ATR ${a.atrPct.toFixed(2)}% of price`;
  if (a.rsi !== null && a.rsi >= 70) return { level: "HIGH", note: `Overbought (RSI ${a.rsi.toFixed(1)}): pullback risk elevated, ${atrTxt}` };
  if (a.rsi !== null && a.rsi <= 30) return { level: "HIGH", note: `Oversold (RSI ${a.rsi.toFixed(1)}): bounce risk for shorts, ${atrTxt}` };
  if (a.atrPct >= 1.5) return { level: "HIGH", note: `High volatility: ${atrTxt}; reduce position size` };
  const near = (level: number | null) => (level === null ? Infinity : (Math.abs(a.price - level) / a.price) * 100);
  if (near(a.resistance) < 0.5)
    return { level: "MEDIUM", note: `Price within ${near(a.resistance).toFixed(2)}% of resistance ${a.resistance}: breakout or rejection zone` };
  if (near(a.support) < 0.5)
    return { level: "MEDIUM", note: `Price within ${near(a.support).toFixed(2)}% of support ${a.support}: watch for a breakdown` };
  return { level: a.atrPct >= 0.8 ? "MEDIUM" : "LOW", note: `Normal conditions: ${atrTxt}` };
}

export function computeCoreAsset(symbol: string, h1: Candle[], m5: Candle[] = []): CoreAsset {
  if (h1.length < CORE_ASSET_MIN_1H) throw new Error(`${symbol}: core asset needs ${CORE_ASSET_MIN_1H} 1h candles, got ${h1.length}`);
  const pc = priceAndChange(h1, m5);
  if (!pc) throw new Error(`${symbol}: no 24h reference candle`);
  const closes = h1.map((k) => k.c);
  const momentum = momentumOf(closes);
  const levels = supportResistance(h1.slice(-LEVEL_WINDOW), pc.price);
  const atrPct = (atr(h1.slice(-100), 14).at(-1)! / pc.price) * 100;
  const risk = riskNote({ rsi: momentum.rsi, atrPct, price: pc.price, ...levels });
  return {
    symbol,
    price: pc.price,
    change_24h: pc.change_24h,
    momentum,
    levels,
    atr_pct: round(atrPct, 4),
    risk_level: risk.level,
    risk: risk.note,
    as_of: new Date(pc.as_of_ms).toISOString(),
  };
}
