// The plain first line of a result: one sentence a trader reads in three seconds, built only from the signal's own stored
// numbers (its R target, the calibrated P(target first) and expected R after costs), above the detailed reasoning.
import { formatSignedR } from "@web/lib/format";
import type { Signal } from "@web/entities/signal/api/decode-signal";

/** 'SOL' from 'SOLUSDT': the quote currency is the same for every pair, so the line names the coin only. */
export const baseAsset = (symbol: string) => symbol.replace(/USDT$/, "") || symbol;

/** '2R', '1.5R': the target in R to one decimal, without a trailing '.0'. */
export const targetR = (rr: number) => `${Number(rr.toFixed(1))}R`;

const wholePercent = (p: number) => `${Math.round(p * 100)}%`;

export type PlainLine = { text: string; tone: "pos" | "neg" | "muted" };

type LineSignal = Pick<Signal, "symbol" | "type" | "rr_ratio" | "confidence" | "context" | "credits_status">;

function noTradeLine(s: LineSignal, coin: string): PlainLine {
  const refunded = s.credits_status === "RELEASED" ? "; credit returned" : "";
  const c = s.context;
  if (!c) return { text: `NO TRADE ${coin}: no side cleared the bar${refunded}`, tone: "muted" };
  const bar = c.model.bar_r !== null ? `, under the ${formatSignedR(c.model.bar_r)} bar` : "";
  return { text: `NO TRADE ${coin}: best side ${c.side}, ${formatSignedR(c.expected_r)} expected after costs${bar}${refunded}`, tone: "muted" };
}

/**
 * 'LONG SOL: 2R target, 34% chance to hit it first, +0.12R expected after costs'. A signal stored before the engine kept
 * its context says what it has (its confidence is the same calibrated probability).
 */
export function plainLine(s: LineSignal): PlainLine {
  const coin = baseAsset(s.symbol);
  if (s.type === "NO_TRADE") return noTradeLine(s, coin);
  const parts = [s.rr_ratio !== null && s.rr_ratio > 0 ? `${targetR(s.rr_ratio)} target` : null];
  const pTp = s.context?.p_tp ?? s.confidence;
  if (pTp !== null) parts.push(`${wholePercent(pTp)} chance to hit it first`);
  const ev = s.context?.expected_r ?? null;
  if (ev !== null) parts.push(`${formatSignedR(ev)} expected after costs`);
  const rounded = ev === null ? 0 : Number(ev.toFixed(2));
  const body = parts.filter((p): p is string => p !== null).join(", ");
  return { text: `${s.type} ${coin}${body ? `: ${body}` : ""}`, tone: rounded > 0 ? "pos" : rounded < 0 ? "neg" : "muted" };
}
