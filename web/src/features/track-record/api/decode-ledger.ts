// The decoders of the public ledger: the daily Merkle roots, a signal's proof (all or nothing), and the signal a proof
// discloses (its canonical JSON, the exact text the hash covers).
import type { LedgerProof } from "@core/ledger/ledger-chain";
import { arr, bool, isObj, num, obj, type Obj, str } from "@web/lib/decode";

/** `entries`: every committed result (No Trades included); `signals`: the LONG and SHORT among them (null if not sent). */
export type LedgerRoot = { day: string; rootHash: string; entries: number; signals: number | null; final: boolean };

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

/** The disclosed signal's fields the /verify page shows, as committed; a field missing or of another type is null. */
export type CommittedSignal = {
  symbol: string | null;
  type: string | null;
  confidence: number | null;
  entry_price: number | null;
  take_profit: number | null;
  stop_loss: number | null;
  rr_ratio: number | null;
  timeframe: string | null;
  no_trade_reason: string | null;
  created_at: string | null;
  market_time_ms: number | null;
};

const numberOf = (o: Obj, k: string) => (typeof o[k] === "number" ? (o[k] as number) : null);

/** A proof's canonical JSON read as the signal it commits; null when it is not a JSON object. */
export function decodeCommitted(canonical: string): CommittedSignal | null {
  let c: unknown;
  try {
    c = JSON.parse(canonical);
  } catch {
    return null;
  }
  if (!isObj(c)) return null;
  return {
    symbol: str(c, "symbol"),
    type: str(c, "type"),
    confidence: numberOf(c, "confidence"),
    entry_price: numberOf(c, "entry_price"),
    take_profit: numberOf(c, "take_profit"),
    stop_loss: numberOf(c, "stop_loss"),
    rr_ratio: numberOf(c, "rr_ratio"),
    timeframe: str(c, "timeframe"),
    no_trade_reason: str(c, "no_trade_reason"),
    created_at: str(c, "created_at"),
    market_time_ms: numberOf(c, "market_time_ms"),
  };
}
