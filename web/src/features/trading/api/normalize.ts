// Start Trading readings on top of the shared entities (@web/entities/analysis): its No Trade default, refund badge, favorites.
import { isObj, str, unwrap } from "@web/lib/read";
import type { Signal } from "@web/entities/analysis/model/readers";
import type { SignalType } from "@web/entities/analysis/model/signal-type";

/** On this screen a signal whose direction cannot be read counts as NO_TRADE. */
export const tradeType = (s: Pick<Signal, "type">): SignalType => s.type ?? "NO_TRADE";

/** True when the credit of this signal went back to the user (RELEASED, or a No Trade without a status). */
export const isRefunded = (s: Pick<Signal, "creditsStatus" | "type">) =>
  s.creditsStatus ? s.creditsStatus.toUpperCase() === "RELEASED" : tradeType(s) === "NO_TRADE";

/** Favorites from {favorites: [{symbol}]} (or a bare list of symbols), upper-cased, de-duplicated. */
export function normalizeFavorites(raw: unknown): string[] {
  const data = unwrap(raw);
  const list = isObj(data) && Array.isArray(data.favorites) ? data.favorites : Array.isArray(data) ? data : [];
  const out: string[] = [];
  for (const f of list) {
    const s = typeof f === "string" ? f : isObj(f) ? str(f, "symbol") : null;
    if (s && !out.includes(s.toUpperCase())) out.push(s.toUpperCase());
  }
  return out;
}
