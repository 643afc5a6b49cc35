// GET /api/public/live, /track-record, /example-signal, /legal and /ledger/{roots,proof/:signalId}: signed-out figures, the legal pages'
// operator details and the signal ledger, no user data.
import { Elysia, t } from "elysia";
import type { ServerDeps } from "../../deps";
import { clientIp, ipKey } from "../../lib/client-ip";
import { DayChains } from "@core/ledger";
import { createLimiter } from "../../lib/rate-limit";
import { legalSettingsSchema } from "@core/contract/legal";
import { errorSchema, exampleSignalSchema, ledgerProofSchema, ledgerRootsQuery, ledgerRootsSchema, liveSchema, trackRecordSchema } from "./model";
import { exampleSignal, publicLedgerProof, publicLedgerRoots, publicLive, trackRecord } from "./service";

/** Budget per address and minute: a proof costs one point, plus one per PROOF_LINKS_PER_POINT links it carries. */
export const PROOF_POINTS_PER_MINUTE = 120;
export const PROOF_LINKS_PER_POINT = 250;

export const publicModule = (deps: ServerDeps, opts: { linksPerPoint?: number } = {}) => {
  // A proof carries the rest of its day's chain, so its size grows with the day's volume: priced by its length, per
  // address (a 20,000-entry day's early proof costs 81 points, so one address gets one such proof a minute).
  const proofsPerIp = createLimiter(deps, { name: "ledger-proof-ip", points: PROOF_POINTS_PER_MINUTE, durationSeconds: 60 });
  const linksPerPoint = opts.linksPerPoint ?? PROOF_LINKS_PER_POINT;
  // Each day's chain is read and hashed in Postgres once per process, then served from memory.
  const chains = new DayChains();
  return new Elysia({ prefix: "/api/public", tags: ["public"] })
    .get("/live", () => publicLive(deps.sql), {
      response: { 200: liveSchema },
      detail: { summary: "Counts of signals and running analyses, plus up to 3 live analyses (no user data)" },
    })
    .get(
      "/legal",
      () => ({ support_email: deps.config.SUPPORT_EMAIL ?? null, arbitration_organisation: deps.config.ARBITRATION_ORGANISATION ?? null }),
      {
        response: { 200: legalSettingsSchema },
        detail: { summary: "The operator's support e-mail and arbitration organisation for the legal pages (null: not named yet)" },
      },
    )
    .get("/track-record", () => trackRecord(deps.sql, undefined, deps.config.MARKET_PROVIDER), {
      response: { 200: trackRecordSchema },
      detail: { summary: "Measured figures: the model's backtest and the outcomes of stored signals" },
    })
    .get("/example-signal", () => exampleSignal(deps.sql, deps.config.MARKET_PROVIDER), {
      response: { 200: exampleSignalSchema },
      detail: { summary: "The newest settled LONG/SHORT signal (levels, odds, outcome; no user data) for the landing page's example" },
    })
    .get("/ledger/roots", ({ query }) => publicLedgerRoots(deps.sql, query), {
      query: ledgerRootsQuery,
      response: { 200: ledgerRootsSchema, 400: errorSchema },
      detail: {
        summary: "Daily roots of the signal ledger, newest first",
        description: "Each UTC day's root is the hash of its last entry; archive them to hold the ledger to its past.",
      },
    })
    .get(
      "/ledger/proof/:signalId",
      async ({ params, request, server }) => {
        const key = ipKey(clientIp(deps.config, request, server));
        await proofsPerIp.consume(key);
        const proof = await publicLedgerProof(deps.sql, params.signalId, chains);
        // The rest of the price, once the length is known; over budget, the proof is not sent.
        const extra = Math.floor(proof.chain.length / linksPerPoint);
        if (extra > 0) await proofsPerIp.consume(key, "Too many ledger proofs from this address; try again in a minute", extra);
        return proof;
      },
      {
        params: t.Object({ signalId: t.String() }),
        response: { 200: ledgerProofSchema, 404: errorSchema, 429: errorSchema },
        detail: {
          summary: "Inclusion proof of one signal: its entry and the chain to its day's root, as hashes",
          description: "Recompute: h = sha256(prev_hash + leaf_hash), then h = sha256(h + leaf_hash) along the chain; it must end at root.hash.",
        },
      },
    );
};
