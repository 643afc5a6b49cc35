// The API contract end to end: real server answers match the shared schemas (core/contract, closed) and map through
// the client's entity decoders without losing a field.
import { afterAll, expect, test } from "bun:test";
import { analysisDetailSchema, analysisSchema, latestReasoningSchema } from "@core/contract/analysis";
import { transactionSchema, usageSchema } from "@core/contract/credits";
import { addResponse, favoritesSchema, removeResponse } from "@core/contract/favorites";
import { profileResponse } from "@core/contract/profile";
import { type Session, sessionsResponse } from "@core/contract/session";
import { type Signal, signalSchema } from "@core/contract/signal";
import { decodeAnalyses, decodeAnalysis, decodeLatestReasoning } from "@web/entities/analysis/api/decode-analysis";
import { decodeSignals } from "@web/entities/signal/api/decode-signal";
import { decodeCreditUsage, decodeProfile, decodeTransactions } from "@web/entities/user/api/decode-user";
import { toDisplaySession } from "@web/features/profile/api/profile-api";
import { transactionTotals } from "@web/entities/user/model/credit-usage";
import { favoriteSymbols } from "@web/features/trading/api/favorites";
import { registerViaApi, signIn, accountsApp } from "../server/src/modules/auth/testing";
import { seedSignal } from "../server/src/modules/signals/testing";
import { SAMPLE_CONTEXT } from "../web/src/lib/test-signal-context";
import { call, closeTestDeps } from "./helpers";
import { expectFits } from "./contract-fit";

afterAll(() => closeTestDeps());
const app = accountsApp();

/** The answer fits its schema exactly, nested objects included: no missing field, no extra spelling. */
const fits = expectFits;

test("analysis, signal, reasoning, usage, profile and session answers fit the contract and the client readers", async () => {
  const who = await registerViaApi(app);
  const { token } = await signIn(app, who);
  const long = await seedSignal(who.userId, "BTCUSDT", "LONG", 0.1, {
    // As the engine writes it now: with its horizon (the decoder fills that in only for older signals) and its version.
    context: { ...SAMPLE_CONTEXT, expiry_hours: 48, model: { ...SAMPLE_CONTEXT.model, version: "v-contract" } },
  });
  await seedSignal(who.userId, "ETHUSDT", "NO_TRADE", 0.2);

  const signals = await call(app, "GET", "/api/signals/", { token });
  for (const s of signals.body) fits(signalSchema, s);
  // The decoders fold other spellings into the contract's shape: an answer already in that shape comes out as it went in.
  expect(decodeSignals(signals.body)).toEqual(signals.body);
  // The deciding model's version, from the context the engine stored, as a field of its own (null before versions).
  expect(signals.body.map((s: Signal) => [s.symbol, s.model_version])).toEqual([
    ["BTCUSDT", "v-contract"],
    ["ETHUSDT", null],
  ]);

  const history = await call(app, "GET", "/api/analysis/history", { token });
  for (const a of history.body) fits(analysisSchema, a);
  expect(decodeAnalyses(history.body)).toEqual(history.body);

  const one = await call(app, "GET", `/api/analysis/${long.requestId}`, { token });
  fits(analysisSchema, one.body);
  expect(decodeAnalysis(one.body)).toEqual(one.body);
  expect(decodeAnalysis(one.body)).toMatchObject({
    id: long.requestId,
    final_signal_type: "LONG",
    final_signal_id: long.signalId,
    credits_status: "USED",
  });
  const detail = await call(app, "GET", `/api/analysis/detail/${long.requestId}`, { token });
  fits(analysisDetailSchema, detail.body);
  expect(decodeAnalysis(detail.body)?.id).toBe(long.requestId);

  const reasoning = await call(app, "GET", `/api/analysis/${long.requestId}/latest-reasoning?limit=900`, { token });
  fits(latestReasoningSchema, reasoning.body);
  expect(decodeLatestReasoning(reasoning.body)).toEqual(reasoning.body);

  const usage = await call(app, "GET", "/api/credits/usage", { token });
  fits(usageSchema, usage.body);
  // Used Credits 1 (the LONG's: the NO_TRADE's hold came back, issue 33 §7), Returned 1; the ledger's sums agree with them.
  const transactions = await call(app, "GET", "/api/transactions/", { token });
  for (const row of transactions.body) fits(transactionSchema, row);
  expect(decodeCreditUsage(usage.body)).toEqual({ used: 1, refunded: 1 });
  // A contract-shaped ledger decodes to itself.
  expect(decodeTransactions(transactions.body)).toEqual(transactions.body);
  expect(transactionTotals(decodeTransactions(transactions.body))).toEqual({ used: 1, refunded: 1 });

  const profile = await call(app, "GET", "/api/user/profile", { token });
  fits(profileResponse, profile.body);
  expect(decodeProfile(profile.body)).toMatchObject({ firstName: "Grace", lastName: "Hopper", email: who.email, createdAt: profile.body.created_at });

  const sessions = await call(app, "GET", "/api/user/sessions", { token });
  fits(sessionsResponse, sessions.body);
  const listed: Session[] = sessions.body.sessions;
  const shown = listed.map((s) => toDisplaySession(s));
  expect(shown.map((s) => s.id)).toEqual(listed.map((s) => s.id));
  expect(shown[0]).toMatchObject({ name: listed[0].device_name, isCurrent: true });

  const added = await call(app, "POST", "/api/user/favorites", { token, body: { symbol: "ethusdt" } });
  fits(addResponse, added.body);
  await call(app, "POST", "/api/user/favorites", { token, body: { symbol: "BTCUSDT" } });
  const favorites = await call(app, "GET", "/api/user/favorites", { token });
  fits(favoritesSchema, favorites.body);
  expect(favoriteSymbols(favorites.body)).toEqual(["ETHUSDT", "BTCUSDT"]);
  const removed = await call(app, "DELETE", "/api/user/favorites/ETHUSDT", { token });
  fits(removeResponse, removed.body);
  expect(favoriteSymbols(removed.body)).toEqual(["BTCUSDT"]);
});
