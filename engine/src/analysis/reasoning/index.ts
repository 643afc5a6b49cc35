// Reasoning text built only from computed feature values, levels and model outputs (no canned market claims).
import type { Features } from "../features";
import type { Setup, Side } from "../model/setup";
import { fmtNum, fmtPct, fmtPrice } from "./format";

export { clip, fmtPct, fmtPrice } from "./format";

const dir = (x: number) => (x >= 0 ? "above" : "below");

export function trendLine(f: Features): string {
  const d50 = f.close / f.ema50 - 1;
  const up = f.close > f.ema50 && f.ema50SlopeAtr > 0;
  const down = f.close < f.ema50 && f.ema50SlopeAtr < 0;
  const word = up ? "up" : down ? "down" : "mixed";
  return (
    `1h trend ${word}: close ${fmtPrice(f.close)} ${dir(d50)} EMA50 ${fmtPrice(f.ema50)} (${fmtPct(d50)}), ` +
    `EMA50 slope ${f.ema50SlopeAtr >= 0 ? "+" : ""}${fmtNum(f.ema50SlopeAtr, 2)} ATR/10h, EMA200 ${fmtPrice(f.ema200)} (${fmtPct(f.close / f.ema200 - 1)}).`
  );
}

export function higherTimeframeLine(f: Features): string {
  return (
    `4h: close ${dir(f.close - f.ema50h4)} EMA50 ${fmtPrice(f.ema50h4)} (${fmtPct(f.close / f.ema50h4 - 1)}), RSI ${fmtNum(f.rsi4h, 0)}. ` +
    `1d: close ${dir(f.close - f.sma10d)} 10-day mean ${fmtPrice(f.sma10d)} (${fmtPct(f.close / f.sma10d - 1)}).`
  );
}

export function momentumLine(f: Features): string {
  const r = (x: number) => fmtPct(Math.exp(x) - 1);
  return `Momentum: RSI 1h ${fmtNum(f.rsi1h, 0)}; returns 4h ${r(f.ret4h)}, 24h ${r(f.ret24h)}, 3d ${r(f.ret72h)}, 7d ${r(f.ret7d)}.`;
}

export function volatilityLine(f: Features): string {
  const regime = f.volRegime > 1.3 ? "expanding" : f.volRegime < 0.75 ? "compressed" : "normal";
  return (
    `Volatility: ATR14 ${fmtPrice(f.atr)} (${(f.atrPct * 100).toFixed(2)}% of price), 24h/7d realised vol ${fmtNum(f.volRegime, 2)}x (${regime}); ` +
    `24h volume ${fmtNum(f.relVolume, 2)}x its 7-day average.`
  );
}

export function structureLine(f: Features): string {
  const atrs = (level: number) => fmtNum(Math.abs(f.close - level) / f.atr, 1);
  return (
    `Structure: 24h range ${fmtPrice(f.supportStop)}–${fmtPrice(f.resistanceStop)}, 72h range ${fmtPrice(f.supportTarget)}–${fmtPrice(f.resistanceTarget)} ` +
    `(support ${atrs(f.supportStop)} ATR below, resistance ${atrs(f.resistanceTarget)} ATR above).`
  );
}

export function contextLine(f: Features): string {
  const parts: string[] = [];
  if (f.symbol !== "BTCUSDT" && f.btcClose > 0) {
    parts.push(
      `BTC ${fmtPrice(f.btcClose)} ${dir(f.btcClose - f.btcEma50)} its 1h EMA50 ${fmtPrice(f.btcEma50)}, 24h ${fmtPct(Math.exp(f.btcRet24h) - 1)}; 7d correlation with BTC ${fmtNum(f.btcCorr, 2)}`,
    );
  }
  parts.push(f.funding === null ? "funding n/a" : `funding ${fmtPct(f.funding, 4)} per 8h`);
  if (f.health) parts.push(`market health ${f.health.status} (${fmtNum(f.health.composite_score, 2)})`);
  if (f.gate) parts.push(`gate ${f.gate.status}: ${f.gate.action}`);
  return `Context: ${parts.join("; ")}.`;
}

export type CandidateView = { setup: Setup; probability: number; expectedR: number };

export function candidateLine(c: CandidateView): string {
  const s = c.setup;
  const target = s.targetKind === "breakout" ? `${fmtNum(s.tpAtr, 1)} ATR breakout target` : `72h structure ${fmtPrice(s.targetLevel ?? s.takeProfit)}`;
  const swing = `24h swing ${s.side === "LONG" ? "low" : "high"} ${fmtPrice(s.stopLevel)}`;
  const basis =
    s.stopBasis === "structure" ? `beyond the ${swing}` : s.stopBasis === "min" ? `minimum distance; ${swing}` : `capped distance, inside the ${swing}`;
  return (
    `${s.side} setup: entry ${fmtPrice(s.entry)}, stop ${fmtPrice(s.stopLoss)} (${fmtNum(s.slAtr, 1)} ATR, ${basis}), ` +
    `target ${fmtPrice(s.takeProfit)} (${target}), RR ${s.rr.toFixed(2)}; model P(target before stop, 48h) ${(c.probability * 100).toFixed(1)}%, ` +
    `expected ${c.expectedR >= 0 ? "+" : ""}${c.expectedR.toFixed(2)}R after fees.`
  );
}

export function marketLines(f: Features): string[] {
  return [trendLine(f), higherTimeframeLine(f), momentumLine(f), volatilityLine(f), structureLine(f), contextLine(f)];
}

export function biasWord(side: Side | "NEUTRAL"): string {
  return side === "NEUTRAL" ? "no edge" : `${side} bias`;
}
