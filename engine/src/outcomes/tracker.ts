// Follows issued LONG/SHORT signals: judges each OPEN one on the 1h candles after issue and stores the outcome once known.
import { INTERVAL_MS } from "@core/candles";
import type { Sql } from "@core/db";
import type { Logger } from "@core/log";
import type { MarketProvider } from "../market/providers";
import { evaluateOutcome, expiryMs } from "./index";

type OpenSignal = {
  id: number;
  symbol: string;
  type: "LONG" | "SHORT";
  entry_price: number;
  stop_loss: number;
  take_profit: number;
  market_time_ms: number;
  timeframe: string;
};

/** Signals checked per run; the rest wait for the next run (oldest first, so none starves). */
const BATCH = 500;

/**
 * One pass over OPEN signals at the provider's clock. Each update is conditional on the signal still being OPEN,
 * so overlapping runs (several engines, a manual run) store each outcome once. Returns how many closed.
 */
export async function trackOutcomes(deps: { sql: Sql; provider: MarketProvider; log: Logger }): Promise<number> {
  const { sql, provider, log } = deps;
  const now = provider.now();
  const open = await sql<OpenSignal[]>`
    select id, symbol, type, entry_price, stop_loss, take_profit, market_time_ms, timeframe
    from signals where outcome = 'OPEN' and market_time_ms < ${now}
    order by market_time_ms, id limit ${BATCH}`;
  let closed = 0;
  for (const s of open) {
    // Candles up to the signal's expiry (plus one to see past it), never beyond the market clock.
    const end = Math.min(now, s.market_time_ms + expiryMs(s.timeframe) + INTERVAL_MS["1h"]);
    const limit = Math.ceil((end - s.market_time_ms) / INTERVAL_MS["1h"]) + 1;
    const candles = await provider.candles(s.symbol, "1h", { end, limit });
    const result = evaluateOutcome(
      {
        type: s.type,
        entry_price: s.entry_price,
        stop_loss: s.stop_loss,
        take_profit: s.take_profit,
        created_at_market_ms: s.market_time_ms,
        timeframe: s.timeframe,
      },
      candles,
    );
    if (result.outcome === "OPEN") continue;
    const updated = await sql`
      update signals
      set outcome = ${result.outcome}, outcome_at = now(), outcome_market_ms = ${result.closed_at_market_ms},
          r_multiple = ${result.r_multiple}, is_active = false
      where id = ${s.id} and outcome = 'OPEN'`;
    if (updated.count) closed++;
  }
  if (closed) log.info("signal outcomes recorded", { checked: open.length, closed });
  return closed;
}
