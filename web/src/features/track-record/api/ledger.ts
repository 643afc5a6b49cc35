// GET /api/public/ledger/roots and /proof/:signalId: the published daily Merkle roots, and a signal's Merkle proof as
// recomputed here (both decoded by decode-ledger).
import { checkProof, type LedgerProof, type ProofCheck } from "@core/ledger/ledger-chain";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiQuery } from "@web/lib/api";
import { type LedgerRoot, normalizeLedgerProof, normalizeLedgerRoots } from "./decode-ledger";
import { trustKeys } from "@web/features/track-record/api/keys";

export type { LedgerRoot };

/** "32 results: 3 signals, 29 No Trades": a No Trade is committed but is no signal (issue 33 §7). */
export function rootCounts(r: Pick<LedgerRoot, "entries" | "signals">, count: (n: number) => string): string {
  const results = `${count(r.entries)} ${r.entries === 1 ? "result" : "results"}`;
  if (r.signals === null) return `${results} (No Trades included)`;
  const noTrades = r.entries - r.signals;
  return `${results}: ${count(r.signals)} ${r.signals === 1 ? "signal" : "signals"}, ${count(noTrades)} ${noTrades === 1 ? "No Trade" : "No Trades"}`;
}

export type LedgerCheck = { proof: LedgerProof | null; check: ProofCheck };

export const UNREADABLE_PROOF = "The server's answer is not a complete proof.";
export const NO_WEB_CRYPTO = "This browser cannot compute SHA-256 on this page (Web Crypto needs a secure https:// page).";

/** Fetches the proof and recomputes it in this browser; an unknown signal is null (shown as such, not as a failure). */
export async function fetchLedgerCheck(signalId: number): Promise<LedgerCheck | null> {
  let raw: unknown;
  try {
    raw = await apiQuery(`/api/public/ledger/proof/${signalId}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
  const proof = normalizeLedgerProof(raw);
  if (!proof) return { proof: null, check: { ok: false, reason: UNREADABLE_PROOF } };
  if (!globalThis.crypto?.subtle) return { proof, check: { ok: false, reason: NO_WEB_CRYPTO } };
  return { proof, check: await checkProof(proof) };
}

export function useLedgerCheck(signalId: number | null) {
  return useQuery({
    queryKey: trustKeys.ledgerProof(signalId ?? 0),
    queryFn: () => fetchLedgerCheck(signalId!),
    enabled: signalId !== null,
  });
}

/** The roots' public address: fetched here, and linked for anyone who wants to archive them. */
export const LEDGER_ROOTS_PATH = "/api/public/ledger/roots";

export function useLedgerRoots() {
  return useQuery({
    queryKey: trustKeys.ledgerRoots(),
    queryFn: () => apiQuery(LEDGER_ROOTS_PATH),
    select: normalizeLedgerRoots,
    staleTime: 60_000,
  });
}
