// GET /api/public/live, /track-record, /legal and /ledger/{roots,proof/:signalId}: signed-out figures, the legal pages'
// operator details and the signal ledger, no user data.
import { Elysia, t } from "elysia";
import type { ServerDeps } from "../../deps";
import { clientIp, ipKey } from "../../lib/client-ip";
import { createLimiter } from "../../lib/rate-limit";
import { legalSettingsSchema } from "@core/contract/legal";
import { errorSchema, ledgerProofSchema, ledgerRootsQuery, ledgerRootsSchema, liveSchema, trackRecordSchema } from "./model";
import { publicLedgerProof, publicLedgerRoots, publicLive, trackRecord } from "./service";

export const publicModule = (deps: ServerDeps) => {
  // A proof reads the rest of its day's entries, so its cost grows with the day's volume: bounded per address.
  const proofsPerIp = createLimiter(deps, { name: "ledger-proof-ip", points: 120, durationSeconds: 60 });
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
    .get("/track-record", () => trackRecord(deps.sql), {
      response: { 200: trackRecordSchema },
      detail: { summary: "Measured figures: the model's backtest and the outcomes of stored signals" },
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
        await proofsPerIp.consume(ipKey(clientIp(deps.config, request, server)));
        return publicLedgerProof(deps.sql, params.signalId);
      },
      {
        params: t.Object({ signalId: t.String() }),
        response: { 200: ledgerProofSchema, 404: errorSchema },
        detail: {
          summary: "Inclusion proof of one signal: its entry and the chain to its day's root, as hashes",
          description: "Recompute: h = sha256(prev_hash + leaf_hash), then h = sha256(h + leaf_hash) along the chain; it must end at root.hash.",
        },
      },
    );
};
