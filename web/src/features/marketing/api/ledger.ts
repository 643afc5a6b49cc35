// GET /api/public/ledger/roots and /proof/:signalId: the published daily roots, and a signal's proof as recomputed here.
import { checkProof, type LedgerProof, type ProofCheck } from "@core/ledger-chain";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiQuery } from "@web/lib/api";
import { arr, bool, isObj, num, obj, type Obj, str } from "@web/lib/read";
import { publicKeys } from "./keys";

export type LedgerRoot = { day: string; rootHash: string; entries: number; final: boolean };

const HASH = /^[0-9a-f]{64}$/;
const hashOf = (o: Obj, key: string) => {
  const v = str(o, key);
  return v && HASH.test(v) ? v : null;
};

export function normalizeLedgerRoots(raw: unknown): LedgerRoot[] {
  const items = isObj(raw) ? (arr(raw, "items") ?? []) : [];
  return items.filter(isObj).flatMap((r) => {
    const day = str(r, "day");
    const rootHash = hashOf(r, "root_hash");
    const entries = num(r, "entries");
    return day && rootHash && entries !== null ? [{ day, rootHash, entries, final: bool(r, "final") ?? false }] : [];
  });
}

function linkOf(o: Obj) {
  const seq = num(o, "seq");
  const leaf_hash = hashOf(o, "leaf_hash");
  const entry_hash = hashOf(o, "entry_hash");
  return seq !== null && leaf_hash && entry_hash ? { seq, leaf_hash, entry_hash } : null;
}

/** The proof as the server sent it, or null when any part is missing: a proof is all or nothing. */
export function normalizeLedgerProof(raw: unknown): LedgerProof | null {
  if (!isObj(raw)) return null;
  const root = obj(raw, "root");
  const entry = obj(raw, "entry");
  const own = entry ? linkOf(entry) : null;
  const prev = entry ? hashOf(entry, "prev_hash") : null;
  const rootHash = root ? hashOf(root, "hash") : null;
  const chain = (arr(raw, "chain") ?? []).map((c) => (isObj(c) ? linkOf(c) : null));
  const signalId = num(raw, "signal_id");
  const day = str(raw, "day");
  if (!root || !entry || !own || !prev || !rootHash || signalId === null || !day || chain.some((c) => c === null)) return null;
  return {
    signal_id: signalId,
    day,
    root: { hash: rootHash, final: bool(root, "final") ?? false, entries: num(root, "entries") ?? 0 },
    entry: { ...own, prev_hash: prev, committed_at: str(entry, "committed_at") ?? "", canonical: str(entry, "canonical") },
    chain: chain as LedgerProof["chain"],
  };
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
    queryKey: publicKeys.ledgerProof(signalId ?? 0),
    queryFn: () => fetchLedgerCheck(signalId!),
    enabled: signalId !== null,
  });
}

/** The roots' public address: fetched here, and linked for anyone who wants to archive them. */
export const LEDGER_ROOTS_PATH = "/api/public/ledger/roots";

export function useLedgerRoots() {
  return useQuery({
    queryKey: publicKeys.ledgerRoots(),
    queryFn: () => apiQuery(LEDGER_ROOTS_PATH),
    select: normalizeLedgerRoots,
    staleTime: 60_000,
  });
}
