// The decoder of a pushed `prices` payload (the socket's last closes per pair), read by the open-setup status.
import { isObj, num, obj, unwrap } from "@web/lib/decode";

export type LatestPrice = { price: number; atMs: number; source: "live" | "candles" };

/** The pair's entry of a pushed `prices` payload (bare or in the socket's {data} envelope); null when absent or unreadable. */
export function pushedPrice(raw: unknown, symbol: string): LatestPrice | null {
  const data = unwrap(raw);
  const prices = isObj(data) ? obj(data, "prices") : null;
  const row = prices ? obj(prices, symbol) : null;
  const price = row ? num(row, "price") : null;
  const atMs = row ? num(row, "at_ms") : null;
  return price !== null && price > 0 && atMs !== null ? { price, atMs, source: "live" } : null;
}
