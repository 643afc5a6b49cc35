// Binance spot klines (public REST): the URL, the row parser and the closed-candle cut, shared by the engine's provider and the server's candles endpoint.
import type { Candle } from "./candles";

export const BINANCE_SPOT_REST = "https://api.binance.com";

export type Fetch = (url: string) => Promise<Response>;

/** One GET with an error that names the URL and the way out (replay) instead of a bare network failure. */
export async function getJson(fetchFn: Fetch, url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchFn(url);
  } catch (err) {
    throw new Error(`Binance unreachable: GET ${url} failed (${(err as Error).message}). Check the network or use MARKET_PROVIDER=replay.`);
  }
  if (!res.ok) throw new Error(`Binance GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

export const klineNumber = (v: unknown, what: string): number => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new Error(`Binance response: ${what} is not a number (${JSON.stringify(v)})`);
  return n;
};

/** GET /api/v3/klines: [[openTime, open, high, low, close, volume, closeTime, ...], ...]. */
export function parseKlines(json: unknown): Candle[] {
  if (!Array.isArray(json)) throw new Error("Binance klines: expected an array");
  return json.map((row, i) => {
    if (!Array.isArray(row) || row.length < 6) throw new Error(`Binance klines: row ${i} is malformed`);
    return {
      t: klineNumber(row[0], "open time"),
      o: klineNumber(row[1], "open"),
      h: klineNumber(row[2], "high"),
      l: klineNumber(row[3], "low"),
      c: klineNumber(row[4], "close"),
      v: klineNumber(row[5], "volume"),
    };
  });
}

/**
 * Closed klines with open time + interval <= until, oldest first, at most `limit` (Binance answers up to 1000).
 * One extra is asked for: the newest one may still be open and is dropped.
 */
export async function fetchClosedKlines(
  getJson: (url: string) => Promise<unknown>,
  q: { spotUrl?: string; symbol: string; interval: string; intervalMs: number; until: number; limit: number },
): Promise<Candle[]> {
  const params = new URLSearchParams({
    symbol: q.symbol,
    interval: q.interval,
    endTime: String(q.until),
    limit: String(Math.min(1000, q.limit + 1)),
  });
  const candles = parseKlines(await getJson(`${q.spotUrl ?? BINANCE_SPOT_REST}/api/v3/klines?${params}`));
  return candles.filter((k) => k.t + q.intervalMs <= q.until).slice(-q.limit);
}
