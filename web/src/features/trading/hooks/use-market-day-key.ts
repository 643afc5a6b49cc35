// The Day Signal card's day: the UTC day of the market clock (the replayed day under the replay), re-read each minute so
// the key rolls at the market's midnight.
import { useMarketNow } from "@web/entities/signal/api/market-clock";
import { utcDayKey } from "../model/utc-day";

export function useMarketDayKey(): string {
  return utcDayKey(useMarketNow(60_000).nowMs);
}
