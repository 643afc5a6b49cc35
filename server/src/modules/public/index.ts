// GET /api/public/live, /track-record, /example-signal, /legal and /ledger/{roots,proof/:signalId}: signed-out figures, the legal pages'
// operator details and the signal ledger, no user data.
import { Elysia, t } from "elysia";
import type { ServerDeps } from "../../deps";
import { clientIp, ipKey } from "../../lib/client-ip";
import { DayTrees } from "@core/ledger/ledger";
import { createLimiter } from "../../lib/rate-limit";
import { legalSettingsSchema } from "@core/contract/legal";
import { errorSchema, exampleSignalSchema, ledgerProofSchema, ledgerRootsQuery, ledgerRootsSchema, liveSchema, trackRecordSchema } from "./model";
import { exampleSignal, publicLedgerProof, publicLedgerRoots, publicLive, trackRecord } from "./service";

/** Proofs per address and minute: each is a Merkle path of ⌈log2 n⌉ hashes, so one price fits every day's volume. */
export const PROOF_POINTS_PER_MINUTE = 120;

export const publicModule = (deps: ServerDeps) => {
  const proofsPerIp = createLimiter(deps, { name: "ledger-proof-ip", points: PROOF_POINTS_PER_MINUTE, durationSeconds: 60 });
  // Each day's tree is read from Postgres and hashed once per process, then served from memory.
  const trees = new DayTrees();
  return new Elysia({ prefix: "/api/public", tags: ["public"] })
    .get("/live", () => publicLive(deps.sql), {
      response: { 200: liveSchema },
      detail: { summary: "Counts of signals and running analyses, plus up to 3 live analyses (no user data)" },
    })
    .get(
      "/legal",
      () => ({
        support_email: deps.config.SUPPORT_EMAIL ?? null,
        arbitration_organisation: deps.config.ARBITRATION_ORGANISATION ?? null,
        governing_law: deps.config.GOVERNING_LAW ?? null,
      }),
      {
        response: { 200: legalSettingsSchema },
        detail: {
          summary:
            "The operator's support e-mail, arbitration organisation and which Georgia's law governs, for the legal pages (null: not named yet)",
        },
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
    .get("/ledger/roots", ({ query }) => publicLedgerRoots(deps.sql, query, trees), {
      query: ledgerRootsQuery,
      response: { 200: ledgerRootsSchema, 400: errorSchema },
      detail: {
        summary: "Daily roots of the signal ledger, newest first",
        description:
          "Each UTC day's `merkle_root` is the RFC 9162 Merkle tree hash of its entries' hashes (what proofs lead to) and `root_hash` the hash of its last entry (the chain's head); archive them to hold the ledger to its past.",
      },
    })
    .get(
      "/ledger/proof/:signalId",
      async ({ params, request, server }) => {
        const key = ipKey(clientIp(deps.config, request, server));
        await proofsPerIp.consume(key, "Too many ledger proofs from this address; try again in a minute");
        return publicLedgerProof(deps.sql, params.signalId, trees);
      },
      {
        params: t.Object({ signalId: t.String() }),
        response: { 200: ledgerProofSchema, 404: errorSchema, 429: errorSchema },
        detail: {
          summary: "Merkle inclusion proof of one signal in its day's tree (RFC 9162), as hashes",
          description:
            "Recompute: entry_hash = sha256(prev_hash + leaf_hash) (hex text); then from sha256(0x00 || entry_hash bytes) climb `path` by RFC 9162 §2.1.3.2 with entry.index and root.entries; it must end at root.hash.",
        },
      },
    );
};
