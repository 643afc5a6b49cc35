// The three phases on shipped recorded candles at fixed clocks: exact decisions, gate veto, RR from prices, re-checks.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Candle } from "@core/candles";
import { loadCandleFile } from "@core/candles";
import { rrFromPrices } from "../model/setup";
import { confirmPhase, finalPhase, MIN_CONFIDENCE, MIN_EXPECTED_R, MIN_RR, scanPhase, type AnalysisContext } from "./index";

const H = 3_600_000;
const dir = join(import.meta.dir, "../../../data/market/spot/1h");
const btc = loadCandleFile(join(dir, "BTCUSDT.csv.gz"));
const eth = loadCandleFile(join(dir, "ETHUSDT.csv.gz"));
const ctxAt = (symbol: string, h1: Candle[], now: string, extra: Partial<AnalysisContext> = {}): AnalysisContext => ({
  symbol,
  now: Date.parse(now),
  h1,
  btcH1: btc,
  funding: null,
  ...extra,
});
const run = (ctx: AnalysisContext) => {
  const scan = scanPhase(ctx);
  const confirm = confirmPhase(ctx, scan);
  return { scan, confirm, final: finalPhase(ctx, scan, confirm) };
};

describe("phases on recorded BTCUSDT at 2024-08-10T00:00Z", () => {
  const ctx = ctxAt("BTCUSDT", btc, "2024-08-10T00:00:00Z");
  const { scan, confirm, final } = run(ctx);

  test("scan leans LONG and writes its confirmation criteria", () => {
    expect(scan.phase_number).toBe(1);
    expect(scan.bias).toBe("LONG");
    expect(scan.timeframe).toBe("1h");
    expect(scan.confirmation_criteria).toEqual([
      "1h close holds above the 24h swing low 59,535",
      "1h close still below 61,756.2 (less than half-way to the target)",
      "1h RSI stays below 75 (now 59)",
    ]);
    expect(scan.reason.length).toBeLessThanOrEqual(140);
    expect(scan.full_reasoning).toContain("close 60,838 above EMA50");
  });

  test("confirmation passes every check on the same candles", () => {
    expect(confirm.bias).toBe("LONG");
    expect(confirm.features.check_results?.map((r) => r.passed)).toEqual([true, true, true]);
  });

  test("final decision: exact LONG with prices from structure and ATR", () => {
    expect(final.phase_number).toBe(3);
    const d = final.decision;
    expect({ type: d.type, confidence: d.confidence, entry: d.entry_price, sl: d.stop_loss, tp: d.take_profit, rr: d.rr_ratio, tf: d.timeframe }).toEqual({
      type: "LONG",
      confidence: 0.592,
      entry: 60838,
      sl: 59393.5,
      tp: 62674.4,
      rr: 1.27,
      tf: "1h",
    });
    expect(d.entry_timing).toStartWith("Now");
    expect(final.reason).toBe("BTCUSDT LONG 60,838, SL 59,393.5, TP 62,674.4, RR 1.27, P 59%");
    expect(d.confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
  });

  test("RR is computed from the prices", () => {
    const d = final.decision;
    expect(d.rr_ratio).toBe(rrFromPrices("LONG", d.entry_price ?? 0, d.stop_loss ?? 0, d.take_profit ?? 0));
    expect(d.rr_ratio).toBeGreaterThanOrEqual(MIN_RR);
  });

  test("NO_TRADE when the gate says NO_GO, with the gate's words", () => {
    const gated = run({ ...ctx, gate: { status: "NO_GO", action: "Stand aside", reasons: ["Market health DEAD"] } }).final;
    expect(gated.decision.type).toBe("NO_TRADE");
    expect(gated.decision.entry_price).toBeNull();
    expect(gated.decision.rr_ratio).toBeNull();
    expect(gated.decision.no_trade_reason).toBe("pre-analysis gate NO_GO: Stand aside.");
    expect(gated.full_reasoning).toContain("Market health DEAD");
    // CAUTION is not a veto.
    expect(run({ ...ctx, gate: { status: "CAUTION", action: "Reduce size", reasons: [] } }).final.decision.type).toBe("LONG");
  });

  test("later candles in the input change nothing (the clock decides)", () => {
    const cut = run({ ...ctx, h1: btc.filter((k) => k.t + H <= ctx.now), btcH1: btc.filter((k) => k.t + H <= ctx.now) });
    expect(cut).toEqual({ scan, confirm, final });
  });

  test("deterministic", () => {
    expect(JSON.stringify(run(ctx))).toBe(JSON.stringify({ scan, confirm, final }));
  });

  test("confirmation re-checks the scan's criteria against newer candles", () => {
    // Two new hourly candles break below the 24h swing low the scan anchored its stop to.
    const newer: Candle[] = [
      { t: ctx.now, o: 60838, h: 60900, l: 59800, c: 59900, v: 900 },
      { t: ctx.now + H, o: 59900, h: 60000, l: 59200, c: 59300, v: 900 },
    ];
    const later = { ...ctx, now: ctx.now + 2 * H, h1: [...btc.filter((k) => k.t < ctx.now), ...newer], btcH1: [...btc.filter((k) => k.t < ctx.now), ...newer] };
    const c2 = confirmPhase(later, scan);
    expect(c2.bias).toBe("NEUTRAL");
    expect(c2.features.check_results?.find((r) => r.id === "structure")).toMatchObject({ passed: false, value: 59300, level: 59535 });
    expect(c2.full_reasoning).toContain("[failed] 1h close holds above the 24h swing low 59,535: now 59,300");
    const f2 = finalPhase(later, scan, c2);
    expect(f2.decision.type).toBe("NO_TRADE");
    expect(f2.decision.no_trade_reason).toBe("the LONG criteria did not hold at confirmation.");
  });
});

describe("phases at other clocks", () => {
  test("recorded ETHUSDT 2024-08-11T12:00Z gives the exact LONG", () => {
    const d = run(ctxAt("ETHUSDT", eth, "2024-08-11T12:00:00Z")).final.decision;
    expect([d.type, d.confidence, d.entry_price, d.stop_loss, d.take_profit, d.rr_ratio]).toEqual(["LONG", 0.6522, 2652.61, 2584.91, 2721.8, 1.02]);
  });

  test("recorded ETHUSDT 2024-08-05T00:00Z is a NO_TRADE with its reason", () => {
    const { final } = run(ctxAt("ETHUSDT", eth, "2024-08-05T00:00:00Z"));
    expect(final.decision.type).toBe("NO_TRADE");
    expect(final.decision.no_trade_reason).toBe(ETH_NO_TRADE_REASON);
    expect(final.decision.confidence).toBe(ETH_NO_TRADE_CONFIDENCE);
    expect(final.reason.length).toBeLessThanOrEqual(140);
  });

  test("too little history: NEUTRAL scan and NO_TRADE", () => {
    const { scan, final } = run(ctxAt("ETHUSDT", eth.slice(0, 100), "2024-01-05T04:00:00Z"));
    expect(scan.bias).toBe("NEUTRAL");
    expect(final.decision.type).toBe("NO_TRADE");
    expect(final.decision.no_trade_reason).toBe("not enough closed 1h history (need 300 candles).");
  });

  test("the bars are named constants", () => {
    expect([MIN_CONFIDENCE, MIN_RR, MIN_EXPECTED_R]).toEqual([0.55, 1, 0.2]);
  });
});

const ETH_NO_TRADE_REASON = "no side has a positive expected value after fees.";
const ETH_NO_TRADE_CONFIDENCE = 0.7424;
