// Always-long baselines of SHORT signals that name a model version: the mirror LONG (same entry, same stop and target
// distances) settled on the same path, so a version's forward record states its excess over always-long.
import { INTERVAL_MS } from "@core/market/candles";
import type { Sql } from "@core/infra/db";
import type { Logger } from "@core/infra/log";
import type { MarketProvider } from "../market/providers";
import { evaluateOutcome, expiryMs } from "./index";
import { type OpenSignal, pathSince } from "./tracker";

type ShortSignal = Omit<OpenSignal, "user_id" | "type">;

const BATCH = 500;

/** The LONG a trader would have taken instead: stop as far below the entry as the SHORT's was above, target likewise. */
export const mirrorLong = (s: Pick<ShortSignal, "entry_price" | "stop_loss" | "take_profit">) => ({
  stop_loss: 2 * s.entry_price - s.stop_loss,
  take_profit: 2 * s.entry_price - s.take_profit,
});

/** One pass: every SHORT without a baseline whose mirror has settled by the market clock gets one (written once). */
export async function trackBaselines(deps: { sql: Sql; provider: MarketProvider; log: Logger }): Promise<number> {
  const { sql, provider, log } = deps;
  const now = provider.now();
  const pending = await sql<ShortSignal[]>`
    select s.id, s.symbol, s.entry_price, s.stop_loss, s.take_profit, s.market_time_ms, s.timeframe, s.cost_per_side, s.expiry_hours
    from signals s
    where s.type = 'SHORT' and s.context is not null and s.context -> 'model' ->> 'version' is not null and s.market_time_ms < ${now}
      and not exists (select 1 from signal_baselines b where b.signal_id = s.id)
    order by s.market_time_ms, s.id limit ${BATCH}`;
  let added = 0;
  for (const s of pending) {
    const t0 = Number(s.market_time_ms);
    const end = Math.min(now, t0 + expiryMs(s.timeframe, s.expiry_hours) + INTERVAL_MS["1h"]);
    const path = await pathSince(provider, s.symbol, t0, end);
    const result = evaluateOutcome(
      {
        type: "LONG",
        entry_price: s.entry_price,
        ...mirrorLong(s),
        created_at_market_ms: t0,
        timeframe: s.timeframe,
        cost_per_side: s.cost_per_side === null ? undefined : Number(s.cost_per_side),
        path_start_ms: path.start,
        expiry_hours: s.expiry_hours ?? undefined,
      },
      path.candles,
    );
    if (result.outcome === "OPEN" || result.r_multiple === null || result.closed_at_market_ms === null) continue;
    const rows = await sql`
      insert into signal_baselines (signal_id, always_long_r, closed_market_ms)
      values (${s.id}, ${result.r_multiple}, ${result.closed_at_market_ms}) on conflict (signal_id) do nothing returning signal_id`;
    added += rows.length;
  }
  if (added) log.info("always-long baselines recorded", { checked: pending.length, added });
  return added;
}
