// Progress within a phase: a running analysis' progress_percent rises with the phase's elapsed time, stays inside its band and is pushed.
import { USER_CHANNEL_PREFIX, userChannel } from "@core/contract/socket";
import { userVersion } from "@core/infra/user-version";
import { afterAll, describe, expect, test } from "bun:test";
import Redis from "ioredis";
import { PROGRESS_AFTER_PHASE } from "@core/queues/analysis-queue";
import { applyCreditChange } from "@core/ledger/credits";
import { closeTestDeps, createUser, testDeps, waitFor } from "../../../test/helpers";
import { createReplayClock, createReplayProvider } from "../market/providers/replay";
import { publishProgress, tickProgress } from "./progress";
import { failAnalysis } from "./settle";
import { startAnalysisWorker } from "./worker";

const deps = testDeps();
/** Long phases: the whole test runs inside phase 1 of an analysis, whose first phase job is a minute away. */
const config = { ...deps.config, ANALYSIS_PHASE_SECONDS: 60 };
const started: number[] = [];

afterAll(async () => {
  // Settle what this file started, so no later worker finds it running.
  for (const id of started) await failAnalysis(deps, id, "test over");
  await closeTestDeps();
});

/** A running analysis with its debit, in `phase`, whose phase ends `endsInSeconds` from now (negative: overdue). */
async function running(phase: number, endsInSeconds: number, progress: number = PROGRESS_AFTER_PHASE[phase - 1]) {
  const u = await createUser({ credits: 1 });
  const id = await deps.sql.begin(async (tx) => {
    const [r] = await tx`
      insert into analysis_requests (user_id, symbol, current_phase, progress_percent, next_run_at)
      values (${u.id}, 'BTCUSDT', ${phase}, ${progress}, now() + make_interval(secs => ${endsInSeconds})) returning id`;
    await applyCreditChange(tx, { userId: u.id, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: r.id });
    return r.id as number;
  });
  started.push(id);
  return { id, userId: u.id };
}

const progressOf = async (id: number) =>
  (
    await deps.sql<
      { progress_percent: number; current_phase: number }[]
    >`select progress_percent, current_phase from analysis_requests where id = ${id}`
  )[0];

describe("progress within a phase", () => {
  test("the engine's ticker raises phase 1's progress above 0 over time, below phase 2's start, and pushes each step", async () => {
    const subscriber = new Redis(deps.config.REDIS_URL);
    const pushed: { request_id: number; progress_percent: number; current_phase: number; status: string }[] = [];
    await subscriber.psubscribe(deps.keys.channel(`${USER_CHANNEL_PREFIX}*`));
    subscriber.on("pmessage", (_p, _c, message) => pushed.push(JSON.parse(message).data));
    const { id } = await running(1, 60);
    const provider = createReplayProvider(createReplayClock({ fixedMs: Date.parse("2024-06-01T00:00:00Z") }));
    const worker = await startAnalysisWorker({ ...deps, config, provider, progressEveryMs: 100 });
    try {
      const first = await waitFor(async () => ((await progressOf(id)).progress_percent > 0 ? progressOf(id) : null), 20_000, "progress above 0");
      const later = await waitFor(
        async () => {
          const now = await progressOf(id);
          return now.progress_percent > first.progress_percent ? now : null;
        },
        20_000,
        "progress to rise again",
      );
      expect(later.current_phase).toBe(1);
      expect(later.progress_percent).toBeLessThan(PROGRESS_AFTER_PHASE[1]);
      await waitFor(() => pushed.some((p) => p.request_id === id && p.progress_percent === later.progress_percent), 5_000, "the push");
      const mine = pushed.filter((p) => p.request_id === id);
      expect(mine.every((p) => p.status === "IN_PROGRESS" && p.current_phase === 1 && p.progress_percent < PROGRESS_AFTER_PHASE[1])).toBe(true);
    } finally {
      await worker.close();
      await subscriber.quit();
    }
  });

  test("one tick: the share of the phase elapsed within its band, one point short of the next, never backwards", async () => {
    const quarter = await running(2, 45); // 15 s of a 60 s phase 2: 33 + 33 × 0.25 = 41.25, rounded up
    const overdue = await running(3, -10); // phase 3 past its end (a late job): stops at 99, only settlement writes 100
    const ahead = await running(1, 59, 20); // already further than 1 s of phase 1 warrants: left alone
    await tickProgress({ ...deps, config });
    const q = (await progressOf(quarter.id)).progress_percent;
    // Between the insert and the tick a second may pass: at most 0.55 more points.
    expect(q).toBeGreaterThanOrEqual(42);
    expect(q).toBeLessThanOrEqual(43);
    expect((await progressOf(overdue.id)).progress_percent).toBe(99);
    expect((await progressOf(ahead.id)).progress_percent).toBe(20);
  });
});

describe("a progress push", () => {
  test("announces nothing by itself: the user's version stands until a write primitive's transaction commits a change", async () => {
    const u = await createUser();
    const before = await userVersion(deps, u.id);
    const sub = new Redis(deps.config.REDIS_URL);
    const heard: string[] = [];
    try {
      sub.on("message", (_channel: string, message: string) => heard.push(JSON.parse(message).type));
      await sub.subscribe(deps.keys.channel(userChannel(u.id)));
      await publishProgress(deps, u.id, {
        request_id: 1,
        symbol: "BTCUSDT",
        status: "IN_PROGRESS",
        current_phase: 2,
        progress_percent: 33,
        credits_status: "HELD",
      });
      await waitFor(() => heard.length > 0, 5_000, "the progress push");
      await Bun.sleep(200);
      expect(heard).toEqual(["analysis_progress"]);
      expect(await userVersion(deps, u.id)).toBe(before);
    } finally {
      await sub.quit();
    }
  });
});
