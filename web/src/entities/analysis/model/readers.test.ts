// The spec 02 §3 readers: every spelling of signal, analysis and reasoning fields, the v2 context, envelopes and unreadable items.
import { describe, expect, test } from "bun:test";
import { readAnalyses, readAnalysis, readReasoning, readSignal, readSignalContext, readSignals, type SignalContext } from "./readers";
import { SAMPLE_ALTERNATIVES, SAMPLE_CONTEXT, SAMPLE_HISTORY } from "@web/lib/test-signal-context";

describe("readSignal", () => {
  test("spec spellings: action, confidence_percent, current_status, generated_at, reason, analysis_request_id", () => {
    const s = readSignal({
      id: 3,
      symbol: "solusdt",
      action: "BUY",
      confidence_percent: 64,
      current_status: "ACTIVE",
      generated_at: "2025-01-01T00:00:00Z",
      reason: "why",
      analysis_request_id: 9,
    });
    expect(s).toMatchObject({
      id: 3,
      symbol: "SOLUSDT",
      type: "LONG",
      confidence: 64,
      status: "ACTIVE",
      createdAt: "2025-01-01T00:00:00Z",
      reasoning: "why",
      requestId: 9,
      noTrade: false,
    });
  });
  test("short level names, numeric strings, a 0..1 confidence, createdAt", () => {
    const s = readSignal({
      id: 4,
      signalType: "SELL",
      confidence: 0.734,
      createdAt: "2025-09-25T10:00:00Z",
      entry: "100.5",
      tp: 90,
      sl: 105,
      risk_reward: 2.345,
    });
    expect(s).toMatchObject({
      type: "SHORT",
      confidence: 73,
      createdAt: "2025-09-25T10:00:00Z",
      entry: 100.5,
      takeProfit: 90,
      stopLoss: 105,
      rr: 2.345,
      status: "COMPLETED",
      reasoning: null,
    });
  });
  test("no id, no signal; no direction is null (each screen picks its default); the no_trade flag", () => {
    expect(readSignal({ symbol: "X" })).toBeNull();
    expect(readSignal({ id: 1, reasoning: "LONG or SHORT, unclear" })?.type).toBeNull();
    expect(readSignal({ id: 1, no_trade: true })).toMatchObject({ type: "NO_TRADE", noTrade: true });
  });
});

describe("readAnalysis", () => {
  test("id spellings, phase, countdown fields, latest reason", () => {
    const a = readAnalysis({
      request_id: 7,
      symbol: "ethusdt",
      status: "IN_PROGRESS",
      current_phase: 2,
      next_run_at: "2025-09-25T10:00:00Z",
      time_remaining_seconds: 40,
      progress_percent: 55,
      latest_reasoning: { reason: "Trend up" },
    });
    expect(a).toMatchObject({
      id: 7,
      symbol: "ETHUSDT",
      phase: 2,
      nextRunAt: "2025-09-25T10:00:00Z",
      timeRemaining: 40,
      progress: 55,
      reason: "Trend up",
      signalType: null,
    });
    expect(readAnalysis({ analysis_request_id: 8 })).toMatchObject({ id: 8, status: "IN_PROGRESS" });
    expect(readAnalysis({ symbol: "X" })).toBeNull();
  });
  test("final signal: embedded object, its id and type; an explicit type field wins, an unreadable one is skipped", () => {
    const a = readAnalysis({ id: 5, status: "COMPLETED", credits_status: "RELEASED", final_signal: { id: 8, type: "NO_TRADE" } });
    expect(a).toMatchObject({ creditsStatus: "RELEASED", finalSignalId: 8, signalType: "NO_TRADE" });
    expect(a?.finalSignal?.type).toBe("NO_TRADE");
    expect(readAnalysis({ id: 6, final_signal: { type: "SELL" } })).toMatchObject({ signalType: "SHORT", finalSignal: null, finalSignalId: null });
    expect(readAnalysis({ id: 6, final_signal_type: "odd", signal_type: "buy", final_signal: { type: "SELL" } })?.signalType).toBe("LONG");
  });
});

test("readReasoning keeps non-empty criteria; full text is full_reasoning only", () => {
  expect(
    readReasoning({
      reason: "short",
      timeframe: "4H",
      confirmation_criteria: ["RSI > 50", "", " ", 3],
      phase_number: 1,
      status: "IN_PROGRESS",
      next_run_at: "2025-09-25T10:00:00Z",
    }),
  ).toEqual({
    reason: "short",
    fullReasoning: null,
    phase: 1,
    timeframe: "4H",
    criteria: ["RSI > 50"],
    timeRemaining: null,
    progress: null,
    nextRunAt: "2025-09-25T10:00:00Z",
    status: "IN_PROGRESS",
  });
  expect(readReasoning("<html>")).toBeNull();
});

test("lists from a bare array or an envelope, single answers from {data: …}; unreadable items skipped", () => {
  expect(readSignals({ data: [{ id: 1, type: "LONG" }, 5, { type: "SHORT" }] }).map((s) => s.id)).toEqual([1]);
  expect(readSignals({ signals: [{ id: 2, type: "SHORT" }] }).map((s) => s.type)).toEqual(["SHORT"]);
  expect(readSignals("<html>")).toEqual([]);
  expect(readAnalyses({ history: [{ id: 3 }] }).map((a) => a.id)).toEqual([3]);
  expect(readAnalyses([{ id: 4 }, null]).map((a) => a.id)).toEqual([4]);
  expect(readAnalysis({ data: { id: 9, status: "COMPLETED" } })).toMatchObject({ id: 9, status: "COMPLETED" });
});

describe("signal context (engine v2)", () => {
  test("read in full from a signal, a final_signal and a list", () => {
    const expected: SignalContext = {
      side: "LONG",
      venue: "spot",
      venueLabel: "Binance spot",
      pTp: 0.3821,
      pSl: 0.4493,
      pExpiry: 0.1686,
      expectedR: 0.0412,
      noSkillPTp: 0.3504,
      costs: { feePctPerSide: 0.1, slippagePctPerSide: 0.02, fundingPct: 0, roundTripPct: 0.24, inR: 0.0712, costPerSide: 0.0012 },
      expiresAt: "2024-09-07T14:00:00.000Z",
      invalidationLevel: 58210.5,
      entrySource: "5m",
      snapshotAt: "2024-09-05T14:00:00.000Z",
      model: { trained: "2024-01-01 → 2024-08-31", barR: 0.02 },
      history: null,
      alternatives: null,
      sameDirectionLastHour: null,
    };
    expect(readSignal({ id: 1, type: "LONG", context: SAMPLE_CONTEXT })?.context).toEqual(expected);
    expect(readAnalysis({ id: 2, final_signal: { id: 3, type: "LONG", context: SAMPLE_CONTEXT } })?.finalSignal?.context).toEqual(expected);
    expect(readSignals([{ id: 4, context: SAMPLE_CONTEXT }])[0].context?.side).toBe("LONG");
  });
  test("null or absent for old signals; junk reads as null without losing the signal", () => {
    expect(readSignal({ id: 1, type: "LONG", context: null })?.context).toBeNull();
    expect(readSignal({ id: 1, type: "LONG" })?.context).toBeNull();
    expect(readSignal({ id: 1, type: "LONG", context: "{not json" })).toMatchObject({ id: 1, type: "LONG", context: null });
    expect(readSignalContext([SAMPLE_CONTEXT])).toBeNull();
    expect(readSignalContext({ ...SAMPLE_CONTEXT, side: "SIDEWAYS" })).toBeNull();
    expect(readSignalContext({ ...SAMPLE_CONTEXT, p_tp: "n/a" })).toBeNull();
    expect(readSignalContext({ ...SAMPLE_CONTEXT, expected_r: null })).toBeNull();
  });
  test("a JSON string, numeric strings, percents; missing parts fall back or read null", () => {
    expect(readSignalContext(JSON.stringify(SAMPLE_CONTEXT))?.pTp).toBe(0.3821);
    const c = readSignalContext({ side: "short", p_tp: "40", p_sl: 35, expected_r: "-0.12", costs: "x", model: { bar_r: "0.02" } });
    expect(c).toEqual({
      side: "SHORT",
      venue: "perp",
      venueLabel: null,
      pTp: 0.4,
      pSl: 0.35,
      pExpiry: 0.25,
      expectedR: -0.12,
      noSkillPTp: null,
      costs: null,
      expiresAt: null,
      invalidationLevel: null,
      entrySource: null,
      snapshotAt: null,
      model: { trained: null, barR: 0.02 },
      history: null,
      alternatives: null,
      sameDirectionLastHour: null,
    });
    expect(c?.pExpiry).toBeCloseTo(0.25, 10);
  });
  test("a NO_TRADE keeps the context of its best side", () => {
    const s = readSignal({ id: 5, type: "NO_TRADE", no_trade: true, context: { ...SAMPLE_CONTEXT, expected_r: -0.12 } });
    expect(s).toMatchObject({ noTrade: true, context: { side: "LONG", expectedR: -0.12, model: { barR: 0.02 } } });
  });

  describe("history, alternatives and crowding", () => {
    const read = (over: Record<string, unknown>) => readSignalContext({ ...SAMPLE_CONTEXT, ...over });

    test("read in full", () => {
      const c = read({ history: SAMPLE_HISTORY, alternatives: SAMPLE_ALTERNATIVES, same_direction_last_hour: 3 });
      expect(c?.history).toEqual({
        period: "2024-03-01 → 2024-09-06",
        band: { from: -0.070601, to: -0.06857 },
        pooled: { n: 4210, tp: 0.3112, sl: 0.4804, exp: 0.2084, meanR: -0.0512, ci: [-0.1203, 0.0187] },
        pair: { n: 12, meanR: -0.0331 },
      });
      expect(c?.alternatives).toEqual([
        { symbol: "SOLUSDT", side: "LONG", expectedR: 0.0612, pTp: 0.4133, venue: "spot" },
        { symbol: "DOGEUSDT", side: "SHORT", expectedR: 0.0345, pTp: 0.3921, venue: "perp" },
      ]);
      expect(c?.sameDirectionLastHour).toBe(3);
    });

    test("absent or null reads null; zero and an empty list are kept", () => {
      expect(read({})).toMatchObject({ history: null, alternatives: null, sameDirectionLastHour: null });
      expect(read({ history: null, alternatives: null, same_direction_last_hour: null })).toMatchObject({
        history: null,
        alternatives: null,
        sameDirectionLastHour: null,
      });
      expect(read({ alternatives: [], same_direction_last_hour: 0 })).toMatchObject({ alternatives: [], sameDirectionLastHour: 0 });
    });

    test("history: junk is null, open-ended bands, missing interval or pair, a pair with no trades", () => {
      expect(read({ history: "x" })?.history).toBeNull();
      expect(read({ history: { ...SAMPLE_HISTORY, pooled: { n: 10 } } })?.history).toBeNull();
      expect(read({ history: { ...SAMPLE_HISTORY, pooled: { ...SAMPLE_HISTORY.pooled, n: -1 } } })?.history).toBeNull();
      const h = read({
        history: { period: 7, band: { from: null, to: "-0.19" }, pooled: { n: "50", tp: 30, sl: 50, mean_r: 0.1, ci: [0.3, -0.1] }, pair: { n: 0 } },
      })?.history;
      expect(h).toMatchObject({
        period: null,
        band: { from: null, to: -0.19 },
        pooled: { n: 50, tp: 0.3, sl: 0.5, meanR: 0.1, ci: [-0.1, 0.3] },
        pair: { n: 0, meanR: 0.1 },
      });
      expect(h?.pooled.exp).toBeCloseTo(0.2, 10);
      const bare = read({ history: { pooled: { ...SAMPLE_HISTORY.pooled, ci: [0.1] } } })?.history;
      expect(bare).toMatchObject({ period: null, band: { from: null, to: null }, pooled: { ci: null }, pair: null });
      expect(read({ history: { ...SAMPLE_HISTORY, pair: { n: 3 } } })?.history?.pair).toBeNull();
    });

    test("alternatives: unreadable entries and repeats dropped, at most 3, venue from the side; all junk is unknown, not none", () => {
      const alts = read({
        alternatives: [
          { symbol: "btcusdt", side: "long", expected_r: "0.05", p_tp: 40 },
          { symbol: "X", side: "UP", expected_r: 1, p_tp: 0.5 },
          4,
          { side: "SHORT", expected_r: 0.1, p_tp: 0.5 },
          SAMPLE_ALTERNATIVES[0],
          SAMPLE_ALTERNATIVES[0],
          SAMPLE_ALTERNATIVES[1],
          { symbol: "XRPUSDT", side: "LONG", expected_r: 0.1, p_tp: 0.5 },
        ],
      })?.alternatives;
      expect(alts).toEqual([
        { symbol: "BTCUSDT", side: "LONG", expectedR: 0.05, pTp: 0.4, venue: "spot" },
        { symbol: "SOLUSDT", side: "LONG", expectedR: 0.0612, pTp: 0.4133, venue: "spot" },
        { symbol: "DOGEUSDT", side: "SHORT", expectedR: 0.0345, pTp: 0.3921, venue: "perp" },
      ]);
      expect(read({ alternatives: [{ symbol: "ETHUSDT", side: "SHORT", expected_r: 0.1, p_tp: 0.5 }] })?.alternatives?.[0].venue).toBe("perp");
      expect(read({ alternatives: [null, { symbol: "" }] })?.alternatives).toBeNull();
      expect(read({ alternatives: { symbol: "SOLUSDT" } })?.alternatives).toBeNull();
    });

    test("crowding: a whole count >= 0, else null", () => {
      expect(read({ same_direction_last_hour: "2" })?.sameDirectionLastHour).toBe(2);
      expect(read({ same_direction_last_hour: -1 })?.sameDirectionLastHour).toBeNull();
      expect(read({ same_direction_last_hour: 1.5 })?.sameDirectionLastHour).toBeNull();
      expect(read({ same_direction_last_hour: "many" })?.sameDirectionLastHour).toBeNull();
    });
  });
});
