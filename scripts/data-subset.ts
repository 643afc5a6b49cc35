// Builds the shipped replay subset (engine/data/market) from the recorded data set and regenerates core/market/recorded-symbols.ts.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Candle, formatCandlesCsv, INTERVAL_MS, loadCandleFile } from "@core/market/candles";
import { RECORDED_SYMBOLS as SUPPORTED_SYMBOLS } from "@core/market/recorded-symbols";
import { perpListings } from "../engine/src/analysis/model/dataset";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const SRC = arg("from", "/work/shared/data/market");
const DST = arg("out", join(ROOT, "engine", "data", "market"));
const H = INTERVAL_MS["1h"];
// The default period: the stretch of the record in which ~350 pairs all trade (2025-01-01 until most files stop on
// 2025-06-18 07:00). Every listed pair must trade through all of it, so the default replay refuses none.
const MAIN = { start: Date.parse(arg("main-start", "2025-01-01T00:00:00Z")), end: Date.parse(arg("main-end", "2025-06-18T08:00:00Z")) };
// The earlier period (2024-01 → 2024-09, 136 pairs, 5m for the majors) stays shipped: REPLAY_START inside it replays it.
const EARLY = { start: Date.parse("2024-01-01T00:00:00Z"), end: Date.parse("2024-09-06T04:00:00Z") };
const LISTED = Number(arg("pairs", "200"));
/** Real exchange pauses (maintenance) are tolerated inside the default period; a longer hole disqualifies a pair. */
const MAX_GAP_H = 12;
/** Hourly return σ below this is a stablecoin or a pegged token, never a trading candidate (nor a listed pair). */
const MIN_HOURLY_SIGMA = 0.002;
const FIVE_MINUTE_DAYS = 60;
// The replay needs 5m only for the most liquid pairs (order-book model, entry timing); the record has 5m in 2024 only.
const MAJORS_5M = [
  "BTCUSDT",
  "ETHUSDT",
  "SOLUSDT",
  "XRPUSDT",
  "DOGEUSDT",
  "PEPEUSDT",
  "AVAXUSDT",
  "LINKUSDT",
  "NEARUSDT",
  "SUIUSDT",
  "LTCUSDT",
  "TRXUSDT",
];
// Perpetual contracts quoted per 1000 units carry the same funding rate as the spot pair's perpetual.
const funding1000 = (symbol: string) => (symbol.startsWith("1000") ? symbol.slice(4) : symbol);

if (!existsSync(SRC)) {
  console.error(`data:subset: source folder not found: ${SRC} (pass --from <folder>)`);
  process.exit(1);
}

const csvFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".csv.gz"))
        .sort()
    : [];
const symbolOf = (file: string) => file.replace(/\.csv\.gz$/, "");
const within = (ks: Candle[], p: { start: number; end: number }) => ks.filter((k) => k.t >= p.start && k.t < p.end);
const write = (path: string, ks: Candle[]) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, Bun.gzipSync(new TextEncoder().encode(formatCandlesCsv(ks)), { level: 9 }));
};

/** Trades through the whole default period: first and last hour present, no hole longer than MAX_GAP_H, not a stablecoin. */
function qualifies(ks: Candle[]): { quoteVolume: number } | null {
  if (!ks.length || ks[0].t !== MAIN.start || ks[ks.length - 1].t !== MAIN.end - H) return null;
  let sumSq = 0;
  for (let i = 1; i < ks.length; i++) {
    if (ks[i].t - ks[i - 1].t > (MAX_GAP_H + 1) * H) return null;
    sumSq += Math.log(ks[i].c / ks[i - 1].c) ** 2;
  }
  if (Math.sqrt(sumSq / (ks.length - 1)) < MIN_HOURLY_SIGMA) return null;
  return { quoteVolume: ks.reduce((s, k) => s + k.c * k.v, 0) };
}

/** UTC daily candles from complete days of hourly ones. */
function daily(ks: Candle[]): Candle[] {
  const days = new Map<number, Candle[]>();
  for (const k of ks) {
    const d = Math.floor(k.t / INTERVAL_MS["1d"]) * INTERVAL_MS["1d"];
    days.set(d, [...(days.get(d) ?? []), k]);
  }
  return [...days.entries()]
    .filter(([, hs]) => hs.length === 24)
    .map(([t, hs]) => ({
      t,
      o: hs[0].o,
      h: Math.max(...hs.map((k) => k.h)),
      l: Math.min(...hs.map((k) => k.l)),
      c: hs[23].c,
      v: hs.reduce((s, k) => s + k.v, 0),
    }));
}

// Listed pairs: those listed already stay while they trade through the default period (favorites, alerts and history
// name them); the most traded qualifying pairs fill the list up to LISTED. Ordered by quote volume in the period.
const byVolume = (a: { quoteVolume: number; symbol: string }, b: { quoteVolume: number; symbol: string }) =>
  b.quoteVolume - a.quoteVolume || a.symbol.localeCompare(b.symbol);
const qualifying = csvFiles(join(SRC, "spot", "1h"))
  .map((f) => {
    const all = loadCandleFile(join(SRC, "spot", "1h", f));
    const q = qualifies(within(all, MAIN));
    return q ? { symbol: symbolOf(f), all, ...q } : null;
  })
  .filter((r) => r !== null)
  .sort(byVolume);
const before = new Set(SUPPORTED_SYMBOLS);
const kept = qualifying.filter((r) => before.has(r.symbol));
const added = qualifying.filter((r) => !before.has(r.symbol)).slice(0, Math.max(0, LISTED - kept.length));
const ranked = [...kept, ...added].sort(byVolume);
const dropped = SUPPORTED_SYMBOLS.filter((s) => !kept.some((r) => r.symbol === s));

rmSync(join(DST, "spot"), { recursive: true, force: true });
rmSync(join(DST, "futures"), { recursive: true, force: true });
const earlySymbols: string[] = [];
for (const { symbol, all } of ranked) {
  const early = within(all, EARLY);
  if (early.length) earlySymbols.push(symbol);
  write(join(DST, "spot", "1h", `${symbol}.csv.gz`), [...early, ...within(all, MAIN)]);
  const earlyDaily = within(loadCandleFile(join(SRC, "spot", "1d", `${symbol}.csv.gz`)), EARLY);
  write(join(DST, "spot", "1d", `${symbol}.csv.gz`), [...earlyDaily, ...daily(within(all, MAIN))]);
  if (MAJORS_5M.includes(symbol)) {
    const m5 = within(loadCandleFile(join(SRC, "spot", "5m", `${symbol}.csv.gz`)), EARLY);
    const from = m5[m5.length - 1].t - FIVE_MINUTE_DAYS * INTERVAL_MS["1d"];
    write(
      join(DST, "spot", "5m", `${symbol}.csv.gz`),
      m5.filter((k) => k.t > from),
    );
  }
}

const listed = new Set(ranked.map((r) => r.symbol));
const funding: string[] = [];
for (const f of csvFiles(join(SRC, "futures", "funding-8h"))) {
  const symbol = funding1000(symbolOf(f));
  if (!listed.has(symbol)) continue;
  const rows = loadCandleFile(join(SRC, "futures", "funding-8h", f)).filter((k) => k.t >= EARLY.start && k.t < MAIN.end);
  if (!rows.length) continue;
  write(join(DST, "futures", "funding-8h", `${symbol}.csv.gz`), rows);
  funding.push(symbol);
}

const manifest = {
  generated_by: "bun run data:subset",
  source: SRC,
  // The default period: what the replay clock walks unless REPLAY_START falls in another period.
  record_start_ms: MAIN.start,
  record_end_ms: MAIN.end,
  periods: [
    { start_ms: EARLY.start, end_ms: EARLY.end, pairs: earlySymbols.length, intervals: ["1h", "1d", "5m (12 majors, last 60 days)"] },
    { start_ms: MAIN.start, end_ms: MAIN.end, pairs: ranked.length, intervals: ["1h", "1d (from 1h)"] },
  ],
  funding: funding.sort(),
};
writeFileSync(join(DST, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
// When each listed pair's perpetual was first recorded: a SHORT is offered only from then, as research labels it.
const perps = perpListings(join(SRC, "futures"));
writeFileSync(
  join(DST, "futures", "perps.json"),
  `${JSON.stringify(Object.fromEntries(ranked.filter((r) => perps.has(r.symbol)).map((r) => [r.symbol, perps.get(r.symbol)])), null, 1)}\n`,
);
writeFileSync(
  join(DST, "README.md"),
  `# Shipped replay data (generated by \`bun run data:subset\`; do not edit by hand)

Subset of the recorded real Binance data (see the shared data README for provenance; MIT-licensed sources), in two periods:

- **${new Date(MAIN.start).toISOString().slice(0, 13)}h → ${new Date(MAIN.end).toISOString().slice(0, 13)}h** (the default): spot 1h for all
  ${ranked.length} listed pairs, the most traded pairs that trade through the whole period (stablecoins excluded); 1d built from complete UTC days of 1h.
- **2024-01-01 → 2024-09-06** (REPLAY_START inside it): spot 1h and 1d for the ${earlySymbols.length} listed pairs recorded then, 5m for 12 majors
  (the last ${FIVE_MINUTE_DAYS} days); the other listed pairs have no candles in this period.

Perpetual funding (8h) for ${funding.length} pairs over both periods (1000-unit contracts under the spot pair's name).
\`manifest.json\` holds the periods used by the replay clock. Format: gzip'd CSV \`open_time_ms,open,high,low,close,volume\`.
Order books and 24h tickers are not recorded: the market engine models them from candles and says so.
`,
);

const lines = (symbols: string[]) => symbols.map((s) => `    "${s}",`).join("\n");
writeFileSync(
  join(ROOT, "core", "market", "recorded-symbols.ts"),
  `// The listed pairs (generated by \`bun run data:subset\`): the most traded pairs through the replay's default period, by quote volume.
export const RECORDED_SYMBOLS: string[] = [
${lines(ranked.map((r) => r.symbol)).replaceAll("    ", "  ")}
];

/** The earlier shipped period (REPLAY_START inside it replays it) and the listed pairs recorded in it. */
export const EARLY_REPLAY_PERIOD = {
  start_ms: ${EARLY.start},
  end_ms: ${EARLY.end},
  symbols: [
${lines(earlySymbols)}
  ],
};
`,
);
console.log(`data:subset: ${ranked.length} pairs (${earlySymbols.length} also in 2024), ${funding.length} with funding → ${DST}`);
console.log(`  no longer listed (not trading through the period): ${dropped.join(" ") || "none"}`);
console.log(`  newly listed: ${added.map((r) => r.symbol).join(" ") || "none"}`);
