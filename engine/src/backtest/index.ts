// Backtest of the shipped model: the live context builder and the same three phase functions over a historical provider, clock by clock.
import { INTERVAL_MS, type Candle } from "@core/market/candles";
import { buildAnalysisContext, createContextCache } from "../analysis/context";
import { tradeOutcome } from "../analysis/label";
import type { SideScore } from "../analysis/model/signal-model";
import { confirmPhase, finalPhase, scanPhase, shippedModel } from "../analysis/phases";
import type { Side } from "../analysis/trade";
import type { Snapshot } from "../analysis/snapshot";
import { isCandidate, LIQUID_TOP, perpListed } from "../analysis/model/geometry";
import { createHistoricalProvider, type HistoricalSeries } from "../market/providers/historical";
import type { CandidateRecord, EvaluationRecord } from "./summary";

const H = INTERVAL_MS["1h"];

export type BacktestOptions = {
  strideHours: number;
  from?: number;
  to?: number;
  symbols?: string[];
  onProgress?: (done: number, total: number) => void;
};

/** Net R of one side's trade on the candles after the clock, as the tracker settles it; null while the outcome is unknown. */
function realised(h1: Candle[], t: number, s: SideScore) {
  const o = tradeOutcome(h1, t, s.trade);
  return o ? { r: o.r, tp: o.outcome === "TP" } : null;
}

/** Clocks on a fixed UTC grid, so runs over different ranges pick the same hours. */
function clocksOf(series: HistoricalSeries[], o: BacktestOptions): number[] {
  const first = Math.min(...series.map((s) => s.h1[0]?.t ?? Infinity));
  const last = Math.max(...series.map((s) => (s.h1.at(-1)?.t ?? 0) + H));
  const stride = o.strideHours * H;
  const out: number[] = [];
  for (let t = Math.ceil(Math.max(first, o.from ?? -Infinity) / stride) * stride; t <= Math.min(last, o.to ?? Infinity); t += stride) out.push(t);
  return out;
}

const liquidCache = new WeakMap<Snapshot, Set<string>>();
/** The 30 most liquid candidate pairs of a snapshot, by 24 h quote volume at that hour (as model:cv counts them). */
function liquidity(snap: Snapshot): Set<string> {
  let set = liquidCache.get(snap);
  if (!set) {
    const ranked = snap.rows.filter(isCandidate).sort((a, b) => b.quoteVolume24h - a.quoteVolume24h);
    set = new Set(ranked.slice(0, LIQUID_TOP).map((r) => r.symbol));
    liquidCache.set(snap, set);
  }
  return set;
}

/** Each side's mean R over the clock's evaluated pairs, beside each record: the market's side at that clock, for side skill. */
function withSideMeans(at: EvaluationRecord[], sides: { long: number; short: number }[]) {
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const long = mean(sides.map((x) => x.long));
  const short = mean(sides.map((x) => x.short));
  for (const e of at) e.rSideMean = e.side === "LONG" ? long : short;
}

export async function runBacktest(series: HistoricalSeries[], o: BacktestOptions) {
  const provider = createHistoricalProvider(series);
  const cache = createContextCache();
  const model = shippedModel();
  const evaluations: EvaluationRecord[] = [];
  const candidates: CandidateRecord[] = [];
  const targets = series.filter((s) => !o.symbols || o.symbols.includes(s.symbol));
  const clocks = clocksOf(series, o);
  for (const [ci, now] of clocks.entries()) {
    provider.setNow(now);
    o.onProgress?.(ci, clocks.length);
    const atClock: EvaluationRecord[] = [];
    const sides: { long: number; short: number }[] = [];
    for (const s of targets) {
      const ctx = await buildAnalysisContext(provider, s.symbol, cache, now);
      const row = ctx.snapshot.rows.find((r) => r.symbol === s.symbol);
      if (!row) continue;
      const scan = scanPhase(ctx);
      const final = finalPhase(ctx, scan, confirmPhase(ctx, scan));
      const scores = model.score(row, ctx.snapshot.regime, ctx.price ?? row.close, ctx.funding, perpListed(ctx.perpSince, ctx.snapshot.at));
      const long = realised(s.h1, now, scores.LONG);
      const short = realised(s.h1, now, scores.SHORT);
      if (!long || !short) continue;
      const d = final.decision;
      const side: Side = d.type === "NO_TRADE" ? (d.context?.side ?? "LONG") : d.type;
      const [mine, other] = side === "LONG" ? [long, short] : [short, long];
      const rTrend = (row.z168 >= 0 ? long : short).r;
      const liquid = liquidity(ctx.snapshot).has(s.symbol);
      sides.push({ long: long.r, short: short.r });
      atClock.push({
        t: now,
        symbol: s.symbol,
        issued: d.type !== "NO_TRADE",
        side,
        ev: scores[side].ev,
        r: mine.r,
        rOpposite: other.r,
        rLong: long.r,
        rTrend,
        liquid,
      });
      const month = new Date(now).toISOString().slice(0, 7);
      for (const sd of ["LONG", "SHORT"] as const) {
        const out = sd === "LONG" ? long : short;
        candidates.push({ p: scores[sd].pTp, reference: scores[sd].referenceTp, tp: out.tp ? 1 : 0, issued: d.type === sd, month });
      }
    }
    withSideMeans(atClock, sides);
    evaluations.push(...atClock);
  }
  return { evaluations, candidates, clocks: clocks.length, pairs: targets.length, model: model.name() };
}
