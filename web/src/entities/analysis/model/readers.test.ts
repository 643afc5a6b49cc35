// The spec 02 §3 readers: every spelling of signal, analysis and reasoning fields, the v2 context, envelopes and unreadable items.
import type { SignalContext as ContractSignalContext } from "@core/contract/signal";
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
  test("the spec's other spellings (signalType SELL, generated_at), a 0..1 confidence; names the spec does not list are not read", () => {
    const s = readSignal({ id: 4, signalType: "SELL", confidence: 0.734, generated_at: "2025-09-25T10:00:00Z", entry_price: 100.5, tp: 90, rr: 2 });
    expect(s).toMatchObject({
      type: "SHORT",
      confidence: 73,
      createdAt: "2025-09-25T10:00:00Z",
      entry: 100.5,
      takeProfit: null,
      rr: null,
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
      expiryHours: 48,
      invalidationLevel: 58210.5,
      entrySource: "5m",
      snapshotAt: "2024-09-05T14:00:00.000Z",
      model: { trained: "2024-01-01 → 2024-08-31", barR: 0.02 },
      history: null,
      alternatives: null,
      nearest: null,
      sameDirectionLastHour: null,
    };
    expect(readSignal({ id: 1, type: "LONG", context: SAMPLE_CONTEXT })?.context).toEqual(expected);
    expect(readAnalysis({ id: 2, final_signal: { id: 3, type: "LONG", context: SAMPLE_CONTEXT } })?.finalSignal?.context).toEqual(expected);
    expect(readSignals([{ id: 4, context: SAMPLE_CONTEXT }])[0].context?.side).toBe("LONG");
  });
  test("confidence is the context's P(target first) when both are sent, so no screen can state two chances", () => {
    expect(readSignal({ id: 1, type: "LONG", confidence: 0.55, context: SAMPLE_CONTEXT })?.confidence).toBe(38);
    expect(readSignal({ id: 1, type: "LONG", confidence: 0.55 })?.confidence).toBe(55);
  });
  test("the horizon as the engine wrote it; 48 h for signals stored before it did", () => {
    expect(readSignalContext({ ...SAMPLE_CONTEXT, expiry_hours: 24 })?.expiryHours).toBe(24);
    expect(readSignalContext(SAMPLE_CONTEXT)?.expiryHours).toBe(48);
  });
  test("null or absent for old signals", () => {
    expect(readSignal({ id: 1, type: "LONG", context: null })?.context).toBeNull();
    expect(readSignal({ id: 1, type: "LONG" })?.context).toBeNull();
    expect(readSignalContext(null)).toBeNull();
  });
  test("a NO_TRADE keeps the context of its best side", () => {
    const s = readSignal({ id: 5, type: "NO_TRADE", no_trade: true, context: { ...SAMPLE_CONTEXT, expected_r: -0.12 } });
    expect(s).toMatchObject({ noTrade: true, context: { side: "LONG", expectedR: -0.12, model: { barR: 0.02 } } });
  });

  describe("history, alternatives and crowding", () => {
    const read = (over: Partial<ContractSignalContext>) => readSignalContext({ ...SAMPLE_CONTEXT, ...over });

    test("read in full", () => {
      const c = read({ history: SAMPLE_HISTORY, alternatives: [...SAMPLE_ALTERNATIVES], same_direction_last_hour: 3 });
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
      expect(read({ history: null })).toMatchObject({ history: null });
      expect(read({ alternatives: [], same_direction_last_hour: 0 })).toMatchObject({ alternatives: [], sameDirectionLastHour: 0 });
    });

    test("history: open-ended bands and a pair with no trades are kept as sent", () => {
      const h = read({ history: { ...SAMPLE_HISTORY, band: { from: null, to: -0.19 }, pair: { n: 0, mean_r: -0.0512 } } })?.history;
      expect(h).toMatchObject({ band: { from: null, to: -0.19 }, pair: { n: 0, meanR: -0.0512 } });
    });

    test("alternatives: repeats dropped, at most 3", () => {
      const extra = { symbol: "XRPUSDT", side: "LONG", expected_r: 0.1, p_tp: 0.5, venue: "spot" } as const;
      const alts = read({
        alternatives: [SAMPLE_ALTERNATIVES[0], SAMPLE_ALTERNATIVES[0], SAMPLE_ALTERNATIVES[1], extra, { ...extra, symbol: "ADAUSDT" }],
      })?.alternatives;
      expect(alts?.map((a) => a.symbol)).toEqual(["SOLUSDT", "DOGEUSDT", "XRPUSDT"]);
    });
  });
});
