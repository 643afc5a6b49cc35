// GET /api/public/ledger/roots and /proof/:signalId: the published daily Merkle roots, and a signal's Merkle proof as
// recomputed here.
import { checkProof, type LedgerProof, type ProofCheck } from "@core/ledger/ledger-chain";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiQuery } from "@web/lib/api";
import { arr, bool, isObj, num, obj, type Obj, str } from "@web/lib/decode";
import { publicKeys } from "./keys";

/** `entries`: every committed result (No Trades included); `signals`: the LONG and SHORT among them (null if not sent). */
export type LedgerRoot = { day: string; rootHash: string; entries: number; signals: number | null; final: boolean };

/** "32 results: 3 signals, 29 No Trades": a No Trade is committed but is no signal (issue 33 §7). */
export function rootCounts(r: Pick<LedgerRoot, "entries" | "signals">, count: (n: number) => string): string {
  const results = `${count(r.entries)} ${r.entries === 1 ? "result" : "results"}`;
  if (r.signals === null) return `${results} (No Trades included)`;
  const noTrades = r.entries - r.signals;
  return `${results}: ${count(r.signals)} ${r.signals === 1 ? "signal" : "signals"}, ${count(noTrades)} ${noTrades === 1 ? "No Trade" : "No Trades"}`;
}

const HASH = /^[0-9a-f]{64}$/;
const hashOf = (o: Obj, key: string) => {
  const v = str(o, key);
  return v && HASH.test(v) ? v : null;
};

/** Each day's Merkle root (`merkle_root`): the hash a proof recomputes to, so the one the page lists beside it. */
export function normalizeLedgerRoots(raw: unknown): LedgerRoot[] {
  const items = isObj(raw) ? (arr(raw, "items") ?? []) : [];
  return items.filter(isObj).flatMap((r) => {
    const day = str(r, "day");
    const rootHash = hashOf(r, "merkle_root");
    const entries = num(r, "entries");
    const signals = num(r, "signals");
    return day && rootHash && entries !== null ? [{ day, rootHash, entries, signals, final: bool(r, "final") ?? false }] : [];
  });
}

/** The proof as the server sent it, or null when any part is missing: a proof is all or nothing. */
export function normalizeLedgerProof(raw: unknown): LedgerProof | null {
  if (!isObj(raw)) return null;
  const root = obj(raw, "root");
  const entry = obj(raw, "entry");
  const signalId = num(raw, "signal_id");
  const day = str(raw, "day");
  const path = (arr(raw, "path") ?? [null]).map((p) => (typeof p === "string" && HASH.test(p) ? p : null));
  if (!root || !entry || signalId === null || !day || path.some((p) => p === null)) return null;
  const r = { hash: hashOf(root, "hash"), chain_head: hashOf(root, "chain_head"), last_seq: num(root, "last_seq"), entries: num(root, "entries") };
  const e = {
    seq: num(entry, "seq"),
    index: num(entry, "index"),
    prev_hash: hashOf(entry, "prev_hash"),
    leaf_hash: hashOf(entry, "leaf_hash"),
    entry_hash: hashOf(entry, "entry_hash"),
  };
  if (Object.values(r).some((v) => v === null) || Object.values(e).some((v) => v === null)) return null;
  return {
    signal_id: signalId,
    day,
    root: { ...(r as { hash: string; chain_head: string; last_seq: number; entries: number }), final: bool(root, "final") ?? false },
    entry: {
      ...(e as { seq: number; index: number; prev_hash: string; leaf_hash: string; entry_hash: string }),
      committed_at: str(entry, "committed_at") ?? "",
      canonical: str(entry, "canonical"),
    },
    path: path as string[],
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
