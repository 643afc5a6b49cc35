// The analysis worker in-process on the run's Postgres/Redis with a fixed-clock replay: phases, settlement, refunds, recovery.
import { userChannel, USER_CHANNEL_PREFIX, userPushSchema } from "@core/contract/socket";
import { signalContextSchema } from "@core/contract/signal";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Redis from "ioredis";
import { PROGRESS_AFTER_PHASE, enqueuePhase, phaseJobId } from "@core/queues/analysis-queue";
import { applyCreditChange } from "@core/ledger/credits";
import { createLogger } from "@core/infra/log";
import { listenUserChanges } from "@core/infra/user-version";
import { call, closeTestDeps, createUser, testApp, testDeps, waitFor } from "../../../test/helpers";
import { expectFits, misfits } from "../../../test/contract-fit";
import { createReplayClock, createReplayProvider } from "../market/providers/replay";
import { buildAnalysisContext, createContextCache } from "./context";
import * as phases from "./phases";
import type { AnalysisContext, FinalResult, PhaseResult } from "./phases";
import type { PhaseModel } from "./run-phase";
import { startAnalysisWorker, type AnalysisWorker } from "./worker";

const CLOCK = Date.parse("2024-06-01T00:00:00Z");
const provider = createReplayProvider(createReplayClock({ fixedMs: CLOCK }));
const deps = testDeps();
const app = testApp();

/** The real phases, except the final decision is forced for a few symbols so both settlement paths run for sure. */
const FORCED: Record<string, "LONG" | "NO_TRADE"> = { ETHUSDT: "LONG", SOLUSDT: "NO_TRADE" };
const model: PhaseModel = {
  scanPhase: (ctx: AnalysisContext) => {
    if (ctx.symbol === "XRPUSDT") throw new Error("model exploded");
    return phases.scanPhase(ctx);
  },
  confirmPhase: phases.confirmPhase,
  finalPhase: (ctx: AnalysisContext, scan: PhaseResult, confirm: PhaseResult): FinalResult => {
    const real = phases.finalPhase(ctx, scan, confirm);
    const forced = FORCED[ctx.symbol];
    if (forced === "LONG") {
      const entry = ctx.price ?? 1;
      return {
        ...real,
        decision: {
          type: "LONG",
          confidence: 0.6125,
          entry_price: entry,
          stop_loss: entry * 0.98,
          take_profit: entry * 1.03,
          rr_ratio: 1.5,
          timeframe: "1h",
          entry_timing: "Now",
          reasoning: "forced LONG for the settlement test",
          context: real.decision.context
            ? { ...real.decision.context, side: "LONG", venue: "spot", costs: { ...real.decision.context.costs, cost_per_side: 0.0012 } }
            : undefined,
        },
      };
    }
    if (forced === "NO_TRADE") {
      return {
        ...real,
        decision: {
          type: "NO_TRADE",
          confidence: 0.31,
          entry_price: null,
          stop_loss: null,
          take_profit: null,
          rr_ratio: null,
          timeframe: "1h",
          entry_timing: "n/a",
          reasoning: "forced NO_TRADE",
          no_trade_reason: "forced for the refund test",
        },
      };
    }
    return real;
  },
};

let worker: AnalysisWorker;
let stopListening: () => Promise<void>;
const subscriber = new Redis(deps.config.REDIS_URL);
const progress: Array<{ channel: string; message: { type: string; data: Record<string, unknown> } }> = [];

beforeAll(async () => {
  // Snapshots left by an engine from an earlier test file would feed the phases; the expected values here assume none.
  await deps.redis.del(deps.keys.key("market:health"), deps.keys.key("market:gate"));
  await subscriber.psubscribe(deps.keys.channel(`${USER_CHANNEL_PREFIX}*`));
  subscriber.on("pmessage", (_p, channel, message) => progress.push({ channel, message: JSON.parse(message) }));
  // The servers' listener announces what the write primitives noted in their transactions (the start's hold, each phase's
  // end, the settlement); here the test process plays that server.
  stopListening = await listenUserChanges(deps);
  worker = await startAnalysisWorker({ ...deps, log: createLogger("engine", deps.config.LOG_LEVEL), provider, model });
});

afterAll(async () => {
  await stopListening();
  await worker.close();
  await subscriber.quit();
  await closeTestDeps();
});

const balance = async (userId: number) => (await deps.sql`select credits from users where id = ${userId}`)[0].credits as number;
const ledger = async (userId: number) => [
  ...(await deps.sql<{ kind: string; amount: number; reference_id: number | null }[]>`
    select kind, amount, reference_id from credit_ledger where user_id = ${userId} order by id`),
];
const requestRow = async (id: number) => (await deps.sql`select * from analysis_requests where id = ${id}`)[0];

/** Waits (no timing assertion) until the analysis leaves IN_PROGRESS. */
async function settled(id: number, maxMs = 25_000) {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const row = await requestRow(id);
    if (row.status !== "IN_PROGRESS") return row;
    await Bun.sleep(100);
  }
  throw new Error(`analysis ${id} still IN_PROGRESS`);
}

async function startVia(token: string, symbol: string) {
  const res = await call(app, "POST", "/api/analysis/start", { token, body: { symbol } });
  expect(res.status).toBe(200);
  return res.body.request_id as number;
}

async function realResults(symbol: string) {
  const now = provider.now();
  const ctx = await buildAnalysisContext(provider, symbol, createContextCache(), now);
  const scan = phases.scanPhase(ctx);
  const confirm = phases.confirmPhase(ctx, scan);
  return { scan, confirm, final: phases.finalPhase(ctx, scan, confirm) };
}

describe("analysis worker", () => {
  test("start → three phases → COMPLETED with the model's own signal, reasoning per phase and progress pushes", async () => {
    const u = await createUser({ credits: 2 });
    const id = await startVia(u.token, "BTCUSDT");
    const row = await settled(id);
    expect(row.status).toBe("COMPLETED");
    expect(row.current_phase).toBe(3);
    expect(row.progress_percent).toBe(100);
    expect(row.next_run_at).toBeNull();
    expect(Number(row.market_time_ms)).toBe(CLOCK);

    const expected = await realResults("BTCUSDT");
    const reasoning =
      await deps.sql`select phase_number, reason, full_reasoning, timeframe, confirmation_criteria from analysis_reasoning where request_id = ${id} order by phase_number`;
    expect(reasoning.map((r) => r.reason)).toEqual([expected.scan.reason, expected.confirm.reason, expected.final.reason]);
    expect(reasoning.map((r) => r.full_reasoning)).toEqual([
      expected.scan.full_reasoning,
      expected.confirm.full_reasoning,
      expected.final.full_reasoning,
    ]);
    expect(reasoning[0].confirmation_criteria).toEqual(expected.scan.confirmation_criteria);

    const d = expected.final.decision;
    const detail = await call(app, "GET", `/api/analysis/detail/${id}`, { token: u.token });
    expect(detail.status).toBe(200);
    const signal = detail.body.final_signal;
    expect(signal).toEqual({
      id: row.final_signal_id,
      symbol: "BTCUSDT",
      type: d.type,
      confidence: d.confidence,
      status: "COMPLETED",
      created_at: signal.created_at,
      entry_price: d.entry_price,
      take_profit: d.take_profit,
      stop_loss: d.stop_loss,
      rr_ratio: d.rr_ratio,
      timeframe: d.timeframe,
      entry_timing: d.type === "NO_TRADE" ? "n/a" : d.entry_timing,
      reasoning: d.reasoning,
      request_id: id,
      is_active: d.type !== "NO_TRADE",
      next_run_at: null,
      no_trade: d.type === "NO_TRADE",
      no_trade_reason: d.type === "NO_TRADE" ? (d.no_trade_reason ?? null) : null,
      market_time_ms: CLOCK,
      outcome: d.type === "NO_TRADE" ? null : "OPEN",
      outcome_at: null,
      outcome_market_ms: null,
      r_multiple: null,
      credits_status: d.type === "NO_TRADE" ? "RELEASED" : "USED",
      // What the decision rests on travels with it, for a NO_TRADE too (its best side and the bar it missed).
      context: d.context ?? null,
      // The version that decided, named at the top level as the drawer shows it.
      model_version: d.context?.model.version ?? null,
    });
    expect(signal.model_version).toMatch(/^v4-/);
    expect(signal.context.venue).toBe(signal.context.side === "LONG" ? "spot" : "perp");
    // The engine's context is the contract's, field for field: a field added, dropped or retyped on either side fails here.
    expectFits(signalContextSchema, d.context);
    expect(detail.body.reasoning.map((r: { phase_number: number }) => r.phase_number)).toEqual([1, 2, 3]);
    expect(detail.body.final_signal_type).toBe(d.type);
    expect(detail.body.latest_reasoning.reason).toBe(expected.final.reason);
    expect(await balance(u.id)).toBe(d.type === "NO_TRADE" ? 2 : 1);

    // Off the active list, on the signals list.
    expect((await call(app, "GET", "/api/analysis/active", { token: u.token })).body).toEqual([]);
    const signals = await call(app, "GET", "/api/signals/", { token: u.token });
    expect(signals.body.map((s: { id: number }) => s.id)).toEqual([row.final_signal_id]);

    const channel = deps.keys.channel(userChannel(u.id));
    const changes = () => progress.filter((p) => p.channel === channel && p.message.type === "user_changed").length;
    // One "user_changed" notice (the polled lists re-read) per committed change, each noted by its write primitive and
    // announced on commit: the test user's granted credits, the start's hold, the two phase ends and the settlement (a
    // LONG/SHORT's own note, a NO_TRADE's refund). The ticker's moves within a phase send none. Announcements land just
    // after the commits.
    await waitFor(() => changes() >= 5, 10_000, "five announced changes");
    await Bun.sleep(300);
    expect(changes()).toBe(5);
    const onChannel = progress.filter((p) => p.channel === channel).map((p) => p.message);
    expect(onChannel.every((m) => m.type === "analysis_progress" || m.type === "user_changed")).toBe(true);
    const mine = onChannel.filter((m) => m.type === "analysis_progress");
    // Each phase's result pushes the next band's start (with its reason); the ticker's pushes between stay inside a band.
    const phaseEnds = mine.filter((m) => m.data.reason !== null);
    expect(phaseEnds.map((m) => m.data.progress_percent)).toEqual([33, 66, 100]);
    for (const { data } of mine.filter((m) => m.data.reason === null)) {
      const phase = data.current_phase as number;
      expect(data.status).toBe("IN_PROGRESS");
      expect(data.progress_percent).toBeGreaterThan(PROGRESS_AFTER_PHASE[phase - 1]);
      expect(data.progress_percent).toBeLessThan(PROGRESS_AFTER_PHASE[phase]);
    }
    expect(phaseEnds[2].data).toMatchObject({ request_id: id, status: "COMPLETED", final_signal_id: row.final_signal_id, time_remaining_seconds: 0 });
  });

  test("LONG keeps the credit (USED); the signal stays OPEN and active", async () => {
    const u = await createUser({ credits: 1 });
    const id = await startVia(u.token, "ETHUSDT");
    const row = await settled(id);
    expect(row.status).toBe("COMPLETED");
    expect(row.credits_status).toBe("USED");
    expect(await balance(u.id)).toBe(0);
    expect((await ledger(u.id)).map((l) => l.kind)).toEqual(["GRANT", "DEDUCTION"]);
    const [s] = await deps.sql`select type, confidence, outcome, is_active, no_trade, rr_ratio from signals where request_id = ${id}`;
    expect(s).toEqual({ type: "LONG", confidence: 0.6125, outcome: "OPEN", is_active: true, no_trade: false, rr_ratio: 1.5 });
    // The outcome is judged with the signal's own costs; crowding counts the LONGs issued in the hour before it.
    const [c] = await deps.sql`select cost_per_side, context from signals where request_id = ${id}`;
    expect(Number(c.cost_per_side)).toBe(0.0012);
    const [{ n }] =
      await deps.sql`select count(*)::int as n from signals where type = 'LONG' and request_id <> ${id} and market_time_ms > ${CLOCK - 3_600_000} and market_time_ms <= ${CLOCK}`;
    expect(c.context.same_direction_last_hour).toBe(n);
    const second = await startVia((await createUser({ credits: 1 })).token, "ETHUSDT");
    await settled(second);
    const [c2] = await deps.sql`select context from signals where request_id = ${second}`;
    expect(c2.context.same_direction_last_hour).toBe(n + 1);
  });

  test("NO_TRADE refunds: balance restored, REFUND ledger row, credits RELEASED", async () => {
    const u = await createUser({ credits: 1 });
    const id = await startVia(u.token, "SOLUSDT");
    const row = await settled(id);
    expect(row.status).toBe("COMPLETED");
    expect(row.credits_status).toBe("RELEASED");
    expect(await balance(u.id)).toBe(1);
    expect(await ledger(u.id)).toEqual([
      { kind: "GRANT", amount: 1, reference_id: null },
      { kind: "DEDUCTION", amount: -1, reference_id: id },
      { kind: "REFUND", amount: 1, reference_id: id },
    ]);
    const [s] = await deps.sql`select type, outcome, is_active, no_trade, entry_price, no_trade_reason from signals where request_id = ${id}`;
    expect(s).toEqual({
      type: "NO_TRADE",
      outcome: null,
      is_active: false,
      no_trade: true,
      entry_price: null,
      no_trade_reason: "forced for the refund test",
    });
    const usage = await call(app, "GET", "/api/credits/usage", { token: u.token });
    expect(usage.body).toMatchObject({ used: 1, refunded: 1, net_used: 0, held: 0, credits: 1 });

    // A duplicate phase-3 job after settlement changes nothing.
    await enqueuePhase(worker.queue, id, 3, 0);
    await Bun.sleep(500);
    expect((await ledger(u.id)).length).toBe(3);
    expect((await deps.sql`select count(*)::int as n from signals where request_id = ${id}`)[0].n).toBe(1);
  });

  test("a phase that keeps failing ends FAILED and refunds exactly once", async () => {
    const u = await createUser({ credits: 1 });
    const id = await startVia(u.token, "XRPUSDT");
    const row = await settled(id);
    expect(row.status).toBe("FAILED");
    expect(row.credits_status).toBe("RELEASED");
    expect(row.failure_reason).toBe("Analysis could not be completed");
    expect(await balance(u.id)).toBe(1);
    expect((await ledger(u.id)).map((l) => l.kind)).toEqual(["GRANT", "DEDUCTION", "REFUND"]);
  });

  /** An IN_PROGRESS request with its debit, written directly (as if the server had crashed before enqueueing). */
  async function orphanRequest(userId: number, symbol: string, ageSeconds: number) {
    return deps.sql.begin(async (tx) => {
      const [r] = await tx`
        insert into analysis_requests (user_id, symbol, next_run_at, created_at)
        values (${userId}, ${symbol}, now(), now() - make_interval(secs => ${ageSeconds})) returning id`;
      await applyCreditChange(tx, { userId, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: r.id });
      return r.id as number;
    });
  }

  test("the sweeper re-queues a running analysis whose job is missing, and it completes", async () => {
    const u = await createUser({ credits: 1 });
    const id = await orphanRequest(u.id, "SOLUSDT", 0);
    expect(await worker.queue.getJob(phaseJobId(id, 1))).toBeUndefined();
    await worker.sweep();
    const row = await settled(id);
    expect(row.status).toBe("COMPLETED");
    expect(await balance(u.id)).toBe(1);
  });

  test("an analysis older than its maximum duration is failed and refunded once, however often swept", async () => {
    const u = await createUser({ credits: 1 });
    const id = await orphanRequest(u.id, "BTCUSDT", 3600);
    await worker.sweep();
    await worker.sweep();
    const row = await requestRow(id);
    expect(row).toMatchObject({ status: "FAILED", credits_status: "RELEASED", failure_reason: "Analysis timed out" });
    expect(await balance(u.id)).toBe(1);
    expect((await ledger(u.id)).filter((l) => l.kind === "REFUND").length).toBe(1);
  });

  test("every push the worker published on the user channels fits the socket contract", () => {
    expect(progress.some((p) => p.message.type === "analysis_progress")).toBe(true);
    expect(progress.some((p) => p.message.type === "user_changed")).toBe(true);
    expect(progress.map((p) => misfits(userPushSchema, p.message)).filter((e) => e.length)).toEqual([]);
  });
});
