// Gathers candles from the provider and runs the pure snapshot functions for one refresh group.
import { CORE_ASSET_SYMBOLS, type MarketTopic, type RefreshKey } from "@core/market/market-intervals";
import type { MarketProvider } from "../providers/types";
import { computeCoreAsset } from "./core-assets";
import { computeGate } from "./gate";
import { computeHealth, HEALTH_MIN_CANDLES } from "./health";
import { computeMovers, computePrices } from "./movers";
import { computeOrderbook } from "./orderbook";
import { priceAndChange, round } from "./price";
import { computeSentiment, CORRELATION_HOURS } from "./sentiment";
import { computeSession } from "./session";
import type { CoreAsset } from "./types";

export type ComputedSnapshot = { topic: MarketTopic; data: unknown; derived?: true };

/**
 * Under the replay the card's price moves between closes on the stated path (its 24h change follows it against the
 * same reference); indicators and levels stay on closed candles.
 */
export function withPathPrice(asset: CoreAsset, path: { price: number } | null | undefined, now: number): CoreAsset {
  if (!path) return asset;
  const reference = asset.price / (1 + asset.change_24h / 100);
  return { ...asset, price: path.price, change_24h: round((path.price / reference - 1) * 100, 4), as_of: new Date(now).toISOString() };
}

async function universe1h(p: MarketProvider, now: number, limit: number) {
  const out: { symbol: string; h1: Awaited<ReturnType<MarketProvider["candles"]>> }[] = [];
  // Sequential on purpose: keeps the event loop free for the analysis worker sharing this process.
  for (const symbol of p.symbols()) out.push({ symbol, h1: await p.candles(symbol, "1h", { end: now, limit }) });
  return out;
}

/**
 * The order-book snapshot of one pair at `now`, as the market panel shows it and an analysis phase reads it: modelled
 * from recent 5m candles, or from hourly ones where the 5m record does not reach (it covers only its last 60 days).
 */
export async function orderbookAt(p: MarketProvider, symbol: string, now: number) {
  const m5 = await p.candles(symbol, "5m", { end: now, limit: 48 });
  const fresh = m5.length >= 2 && now - (m5[m5.length - 1].t + 300_000) < 3_600_000;
  return fresh ? computeOrderbook(symbol, m5, "5m") : computeOrderbook(symbol, await p.candles(symbol, "1h", { end: now, limit: 48 }), "1h");
}

/** Market health and the pre-analysis gate at `now`: the market panel and the analysis context both read this. */
export async function healthAndGate(p: MarketProvider, now: number) {
  const btcH1 = await p.candles("BTCUSDT", "1h", { end: now, limit: HEALTH_MIN_CANDLES });
  const changes = (await universe1h(p, now, 25)).map((u) => priceAndChange(u.h1)?.change_24h).filter((c): c is number => c !== undefined);
  const health = computeHealth(btcH1, changes);
  return { health, gate: computeGate(health, computeSession(now), await p.fundingRate("BTCUSDT", now)) };
}

async function healthAndGateTopics(p: MarketProvider, now: number): Promise<ComputedSnapshot[]> {
  const { health, gate } = await healthAndGate(p, now);
  return [
    { topic: "health", data: health },
    { topic: "gate", data: gate },
  ];
}

export async function computeGroup(p: MarketProvider, group: RefreshKey, now = p.now()): Promise<ComputedSnapshot[]> {
  switch (group) {
    case "market_health":
      return healthAndGateTopics(p, now);
    case "session":
      return [{ topic: "session", data: computeSession(now) }];
    case "full_snapshot": {
      const assets: Record<string, CoreAsset> = {};
      for (const symbol of CORE_ASSET_SYMBOLS) {
        const h1 = await p.candles(symbol, "1h", { end: now, limit: 200 });
        const m5 = await p.candles(symbol, "5m", { end: now, limit: 289 });
        assets[symbol] = withPathPrice(computeCoreAsset(symbol, h1, m5), await p.pathPrice?.(symbol, now), now);
      }
      return [{ topic: "core_assets", data: assets }];
    }
    case "orderbook": {
      const out: ComputedSnapshot[] = [];
      for (const symbol of CORE_ASSET_SYMBOLS) out.push({ topic: `orderbook:${symbol}`, data: await orderbookAt(p, symbol, now), derived: true });
      return out;
    }
    case "movers": {
      const universe = await universe1h(p, now, 25);
      return [
        { topic: "movers", data: computeMovers(universe, now) },
        { topic: "prices", data: computePrices(universe, now) },
      ];
    }
    case "sentiment": {
      const [btcH1, ethH1] = await Promise.all([
        p.candles("BTCUSDT", "1h", { end: now, limit: CORRELATION_HOURS + 1 }),
        p.candles("ETHUSDT", "1h", { end: now, limit: CORRELATION_HOURS + 1 }),
      ]);
      const funding = { btc: await p.fundingRate("BTCUSDT", now), eth: await p.fundingRate("ETHUSDT", now) };
      const data = computeSentiment({ universe: await universe1h(p, now, 24), btcH1, ethH1, funding, nowMs: now });
      return [{ topic: "sentiment", data, derived: true }];
    }
  }
}
