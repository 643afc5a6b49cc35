// Analyses through the real worker with the registry's chooser: an expired version issues nothing (NO_TRADE, credit
// returned, the reason says why), a current one names itself in the signal's context and the ledger commits to it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signalContextSchema } from "@core/contract/signal";
import { sha256Hex } from "@core/ledger/ledger-chain";
import { verifyLedger } from "@core/ledger/ledger";
import { createLogger } from "@core/infra/log";
import { insertVersion } from "@core/model/versions";
import { call, closeTestDeps, createUser, testApp, testDeps } from "../../../test/helpers";
import { expectFits } from "../../../test/contract-fit";
import { createReplayClock, createReplayProvider } from "../market/providers/replay";
import { startAnalysisWorker, type AnalysisWorker } from "../analysis/worker";
import { createModelChooser } from "./chooser";
import { versionWith } from "./fixtures";

const CLOCK = Date.parse("2024-06-01T00:00:00Z");
const provider = createReplayProvider(createReplayClock({ fixedMs: CLOCK }));
const deps = testDeps();
const app = testApp();
const MAX_AGE = 120;
// At CLOCK: OLD is 152 days past its training data; FRESH 12 days.
const OLD = versionWith({ trainedThrough: "2024-01-01T00:00:00.000Z" });
const FRESH = versionWith({ trainedThrough: "2024-05-20T00:00:00.000Z" });
// Trained after CLOCK: never used at it.
const LATER = versionWith({ trainedThrough: "2024-07-01T00:00:00.000Z" });

let worker: AnalysisWorker;
const models = createModelChooser({ sql: deps.sql, maxAgeDays: MAX_AGE, listTtlMs: 0 });

beforeAll(async () => {
  await deps.sql`delete from model_versions`;
  await deps.redis.del(deps.keys.key("market:health"), deps.keys.key("market:gate"));
  worker = await startAnalysisWorker({ ...deps, log: createLogger("engine", "silent"), provider, models });
});

afterAll(async () => {
  await worker.close();
  await deps.sql`delete from model_versions`;
  await closeTestDeps();
});

const balance = async (userId: number) => (await deps.sql`select credits from users where id = ${userId}`)[0].credits as number;

/** Starts an analysis through the API and waits (no timing assertion) for its signal. */
async function analyse(token: string, symbol: string) {
  const res = await call(app, "POST", "/api/analysis/start", { token, body: { symbol } });
  expect(res.status).toBe(200);
  const id = res.body.request_id as number;
  for (let i = 0; i < 250; i++) {
    const [row] = await deps.sql`select status, final_signal_id from analysis_requests where id = ${id}`;
    if (row.status !== "IN_PROGRESS") {
      expect(row.status).toBe("COMPLETED");
      const [signal] = await deps.sql`select *, context::text as context_text from signals where id = ${row.final_signal_id}`;
      return signal;
    }
    await Bun.sleep(100);
  }
  throw new Error(`analysis ${id} did not settle`);
}

describe("model versions in live analysis", () => {
  test("with no version trained before the clock, nothing is scored or issued, and the reason says so", async () => {
    await insertVersion(deps.sql, LATER, "champion", { promotedAt: Date.parse(LATER.trained_at) });
    try {
      const u = await createUser({ credits: 1 });
      const signal = await analyse(u.token, "SOLUSDT");
      expect(signal.type).toBe("NO_TRADE");
      expect(signal.no_trade_reason).toBe("no model version was trained before 2024-06-01T00:00:00.000Z: no signals.");
      expect(signal.context).toBeNull();
      expect(await balance(u.id)).toBe(1);
    } finally {
      await deps.sql`delete from model_versions where version = ${LATER.version}`;
    }
  });

  test("an expired version issues no signal: NO_TRADE naming the version, its age and the limit, the credit returned", async () => {
    await insertVersion(deps.sql, OLD, "champion", { promotedAt: Date.parse(OLD.trained_at) });
    const u = await createUser({ credits: 1 });
    const signal = await analyse(u.token, "BTCUSDT");
    expect(signal.type).toBe("NO_TRADE");
    expect(signal.no_trade_reason).toContain(`model version ${OLD.version} is 152 days old`);
    expect(signal.no_trade_reason).toContain(`past the ${MAX_AGE}-day limit (MODEL_MAX_AGE_DAYS)`);
    // It still read the market: the context names the version that refused, so the ledger commits to it too.
    expect(signal.context?.model.version).toBe(OLD.version);
    expect(signal.context?.alternatives ?? []).toEqual([]);
    // Held at the start, refunded at the NO_TRADE.
    expect(await balance(u.id)).toBe(1);
    const ledger = await deps.sql`select kind, amount from credit_ledger where user_id = ${u.id} order by id`;
    expect(ledger.map((r) => `${r.kind}:${r.amount}`)).toEqual(["GRANT:1", "DEDUCTION:-1", "REFUND:1"]);
    const reasoning =
      await deps.sql`select phase_number, reason from analysis_reasoning where request_id = ${signal.request_id} order by phase_number`;
    expect(reasoning.map((r) => r.phase_number)).toEqual([1, 2, 3]);
    // Phases 1–2 lead with what they read, then say nothing will be issued; the final one names the version.
    for (const r of reasoning.slice(0, 2)) expect(r.reason).toContain("not issued: the model in force is past its age limit");
    expect(reasoning[2].reason).toContain(OLD.version);
    const [scan] = await deps.sql`select full_reasoning from analysis_reasoning where request_id = ${signal.request_id} and phase_number = 1`;
    expect(scan.full_reasoning).toStartWith("Phase 1, scanning BTCUSDT");
    expect(scan.full_reasoning).toContain(`Not issued whatever the bar: model version ${OLD.version} is 152 days old`);
  });

  test("the version trained before the clock decides; its name is in the context and the ledger commits to it", async () => {
    await insertVersion(deps.sql, FRESH, "champion", { promotedAt: Date.parse(FRESH.trained_at) });
    const u = await createUser({ credits: 1 });
    const signal = await analyse(u.token, "ETHUSDT");
    expect(signal.context).not.toBeNull();
    expect(signal.context.model.version).toBe(FRESH.version);
    expectFits(signalContextSchema, signal.context);

    const [entry] = await deps.sql<{ canonical: string }[]>`select canonical from signal_ledger where signal_id = ${signal.id}`;
    expect(JSON.parse(entry.canonical).context_sha256).toBe(await sha256Hex(signal.context_text));
    // Naming another version after the fact is an edit of a committed field.
    const findings = async () => (await verifyLedger(deps.sql)).findings.filter((f) => f.detail.includes(`(signal ${signal.id})`));
    expect(await findings()).toEqual([]);
    await deps.sql`update signals set context = jsonb_set(context, '{model,version}', ${JSON.stringify(OLD.version)}::text::jsonb) where id = ${signal.id}`;
    try {
      const edited = await findings();
      expect(edited.map((f) => f.kind)).toEqual(["signal_edited"]);
      expect(edited[0].detail).toContain("context_sha256");
      const [now] = await deps.sql`select context -> 'model' ->> 'version' as v from signals where id = ${signal.id}`;
      expect(now.v).toBe(OLD.version);
    } finally {
      await deps.sql`update signals set context = ${signal.context_text}::text::jsonb where id = ${signal.id}`;
    }
    expect(await findings()).toEqual([]);
  });
});
