// Follows issued LONG/SHORT signals: judges each OPEN one on the 1h candles after issue and stores the outcome once known.
import { signalOutcomes, signalR } from "@core/infra/metrics";
import { recordSignalOutcome } from "@core/alerts/alerts";
import { INTERVAL_MS } from "@core/market/candles";
import type { Sql } from "@core/infra/db";
import type { Logger } from "@core/infra/log";
import type { MarketProvider } from "../market/providers";
import { evaluateOutcome, expiryMs } from "./index";

/** An issued signal still waiting for its outcome, as the tracker reads it. */
export type OpenSignal = {
  id: number;
  user_id: number;
  symbol: string;
  type: "LONG" | "SHORT";
  entry_price: number;
  stop_loss: number;
  take_profit: number;
  market_time_ms: number;
  timeframe: string;
  cost_per_side: number | null;
  expiry_hours: number | null;
};

const H = INTERVAL_MS["1h"];
const M5 = INTERVAL_MS["5m"];

/**
 * The price path from the issue time, partial hour included: 5m candles up to the next full hour, then 1h candles.
 * Without 5m data the 1h candle holding the issue time counts whole (conservative: a stop touched in it counts).
 */
export async function pathSince(provider: MarketProvider, symbol: string, t0: number, end: number) {
  const hourEnd = Math.ceil(t0 / H) * H;
  let m5: Awaited<ReturnType<MarketProvider["candles"]>> = [];
  if (hourEnd > t0)
    m5 = (await provider.candles(symbol, "5m", { end: Math.min(end, hourEnd), limit: 12 })).filter((k) => k.t >= Math.floor(t0 / M5) * M5);
  const fromHour = m5.length || hourEnd === t0 ? hourEnd : Math.floor(t0 / H) * H;
  const limit = Math.ceil((end - fromHour) / H) + 1;
  const h1 = end > fromHour ? (await provider.candles(symbol, "1h", { end, limit })).filter((k) => k.t >= fromHour) : [];
  return { candles: [...m5, ...h1], start: m5.length ? m5[0].t : fromHour };
}

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
    select id, user_id, symbol, type, entry_price, stop_loss, take_profit, market_time_ms, timeframe, cost_per_side, expiry_hours
    from signals where outcome = 'OPEN' and market_time_ms < ${now}
    order by market_time_ms, id limit ${BATCH}`;
  let closed = 0;
  for (const s of open) {
    // Candles up to the signal's expiry (plus one to see past it), never beyond the market clock.
    const end = Math.min(now, s.market_time_ms + expiryMs(s.timeframe, s.expiry_hours) + INTERVAL_MS["1h"]);
    const path = await pathSince(provider, s.symbol, Number(s.market_time_ms), end);
    const result = evaluateOutcome(
      {
        type: s.type,
        entry_price: s.entry_price,
        stop_loss: s.stop_loss,
        take_profit: s.take_profit,
        created_at_market_ms: s.market_time_ms,
        timeframe: s.timeframe,
        cost_per_side: s.cost_per_side === null ? undefined : Number(s.cost_per_side),
        path_start_ms: path.start,
        expiry_hours: s.expiry_hours ?? undefined,
      },
      path.candles,
    );
    if (result.outcome === "OPEN") continue;
    // The outcome and its alert event commit together (core/alerts), conditional on the signal still being OPEN.
    const stored = await recordSignalOutcome(sql, s.id, {
      outcome: result.outcome,
      closedAtMarketMs: result.closed_at_market_ms,
      rMultiple: result.r_multiple,
    });
    // Announced by the primitive on commit (core/user-version), like every other change of a user's data.
    if (!stored) continue;
    closed++;
    const outcome = { TP_HIT: "TP", SL_HIT: "SL", EXPIRED: "EXPIRED" }[result.outcome];
    signalOutcomes.inc({ outcome });
    if (result.r_multiple !== null) signalR.observe({ outcome }, result.r_multiple);
  }
  if (closed) log.info("signal outcomes recorded", { checked: open.length, closed });
  return closed;
}
