// Downloads Binance spot klines into the replay format (gzip'd CSV per pair) for operators with internet access.
// Usage: bun run data:fetch --symbols BTCUSDT,ETHUSDT --interval 1h --days 30 --out engine/data/market/spot
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatCandlesCsv, INTERVAL_MS, type Candle } from "@core/market/candles";
import { createBinanceProvider } from "../engine/src/market/providers/binance";
import type { ProviderInterval } from "../engine/src/market/providers/types";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const symbols = arg("symbols", "BTCUSDT,ETHUSDT")
  .split(",")
  .map((s) => s.trim().toUpperCase())
  .filter(Boolean);
const interval = arg("interval", "1h");
const days = Number(arg("days", "30"));
const out = arg("out", "engine/data/market/spot");

if (interval !== "5m" && interval !== "1h" && interval !== "1d") {
  console.error(`data:fetch: --interval must be 5m, 1h or 1d (got ${interval})`);
  process.exit(1);
}
if (!Number.isFinite(days) || days <= 0) {
  console.error(`data:fetch: --days must be a positive number (got ${arg("days", "")})`);
  process.exit(1);
}

const provider = createBinanceProvider();
const step = INTERVAL_MS[interval as ProviderInterval];
const end = Math.floor(Date.now() / step) * step;
const start = end - days * INTERVAL_MS["1d"];
const PAGE = 999;

try {
  mkdirSync(join(out, interval), { recursive: true });
  for (const symbol of symbols) {
    const candles: Candle[] = [];
    // Binance returns at most 1000 klines per call (one is asked extra for the open candle): walk backwards page by page.
    let cursor = end;
    while (cursor > start) {
      const page = await provider.candles(symbol, interval as ProviderInterval, { end: cursor, limit: PAGE });
      if (!page.length) break;
      candles.unshift(...page.filter((k) => k.t >= start && (!candles.length || k.t < candles[0].t)));
      cursor = page[0].t;
      if (page.length < PAGE) break;
    }
    const file = join(out, interval, `${symbol}.csv.gz`);
    writeFileSync(file, Bun.gzipSync(new TextEncoder().encode(formatCandlesCsv(candles))));
    console.log(`data:fetch: ${symbol} ${interval}: ${candles.length} candles → ${file}`);
  }
} catch (err) {
  console.error(`data:fetch: ${(err as Error).message}`);
  process.exit(1);
}
