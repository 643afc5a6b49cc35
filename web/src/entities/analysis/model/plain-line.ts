// The plain first line of a result: one sentence a trader reads in three seconds, built only from the signal's own stored
// numbers (its R target, the calibrated P(target first) and expected R after costs), above the detailed reasoning.
import { formatSignedR } from "@web/lib/format";
import type { Signal } from "./readers";

/** 'SOL' from 'SOLUSDT': the quote currency is the same for every pair, so the line names the coin only. */
export const baseAsset = (symbol: string) => symbol.replace(/USDT$/, "") || symbol;

/** '2R', '1.5R': the target in R to one decimal, without a trailing '.0'. */
export const targetR = (rr: number) => `${Number(rr.toFixed(1))}R`;

const wholePercent = (p: number) => `${Math.round(p * 100)}%`;

export type PlainLine = { text: string; tone: "pos" | "neg" | "muted" };

type LineSignal = Pick<Signal, "symbol" | "type" | "rr" | "confidence" | "context" | "creditsStatus">;

function noTradeLine(s: LineSignal, coin: string): PlainLine {
  const refunded = s.creditsStatus?.toUpperCase() === "RELEASED" ? "; credit returned" : "";
  const c = s.context;
  if (!c) return { text: `NO TRADE ${coin}: no side cleared the bar${refunded}`, tone: "muted" };
  const bar = c.model.barR !== null ? `, under the ${formatSignedR(c.model.barR)} bar` : "";
  return { text: `NO TRADE ${coin}: best side ${c.side}, ${formatSignedR(c.expectedR)} expected after costs${bar}${refunded}`, tone: "muted" };
}

/**
 * 'LONG SOL: 2R target, 34% chance to hit it first, +0.12R expected after costs'. A signal stored before the engine kept
 * its context says what it has (its confidence is the same calibrated probability); null when the direction is unknown.
 */
export function plainLine(s: LineSignal): PlainLine | null {
  if (!s.type) return null;
  const coin = baseAsset(s.symbol);
  if (s.type === "NO_TRADE") return noTradeLine(s, coin);
  const parts = [s.rr !== null && s.rr > 0 ? `${targetR(s.rr)} target` : null];
  const pTp = s.context?.pTp ?? (s.confidence !== null ? s.confidence / 100 : null);
  if (pTp !== null) parts.push(`${wholePercent(pTp)} chance to hit it first`);
  const ev = s.context?.expectedR ?? null;
  if (ev !== null) parts.push(`${formatSignedR(ev)} expected after costs`);
  const rounded = ev === null ? 0 : Number(ev.toFixed(2));
  const body = parts.filter((p): p is string => p !== null).join(", ");
  return { text: `${s.type} ${coin}${body ? `: ${body}` : ""}`, tone: rounded > 0 ? "pos" : rounded < 0 ? "neg" : "muted" };
}
