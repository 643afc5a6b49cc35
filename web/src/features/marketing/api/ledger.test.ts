// Readers of the ledger endpoints: roots, and proofs taken all or nothing, then recomputed with Web Crypto as /verify does.
import { describe, expect, test } from "bun:test";
import { checkProof, GENESIS_HASH, leafHash, linkHash } from "@core/ledger/ledger-chain";
import { DayTree } from "@core/ledger/ledger-merkle";
import { normalizeLedgerProof, normalizeLedgerRoots } from "./ledger";

async function served() {
  const canonical = '{"v":1,"signal_id":5,"x":1}';
  const leaf = await leafHash(canonical);
  const own = await linkHash(GENESIS_HASH, leaf);
  const next = await linkHash(own, await leafHash('{"v":1,"signal_id":6}'));
  const tree = new DayTree();
  tree.append([own, next]);
  return {
    signal_id: 5,
    day: "2024-06-01",
    root: { hash: tree.root(), chain_head: next, last_seq: 2, final: true, entries: 2 },
    entry: { seq: 1, index: 0, prev_hash: GENESIS_HASH, leaf_hash: leaf, entry_hash: own, committed_at: "2024-06-01T10:00:00.000Z", canonical },
    path: tree.path(0),
  };
}

describe("ledger readers", () => {
  test("roots: well-formed items only", () => {
    const hash = "a".repeat(64);
    expect(
      normalizeLedgerRoots({
        items: [
          { day: "2024-06-02", root_hash: "b".repeat(64), merkle_root: hash, entries: 3, last_seq: 9, final: false },
          { day: "2024-06-01", merkle_root: "not-a-hash", entries: 1 },
          { day: "2024-05-31", merkle_root: hash, entries: 2, final: true },
        ],
        next_before: null,
      }),
    ).toEqual([
      { day: "2024-06-02", rootHash: hash, entries: 3, final: false },
      { day: "2024-05-31", rootHash: hash, entries: 2, final: true },
    ]);
    expect(normalizeLedgerRoots(null)).toEqual([]);
  });

  test("a served proof reads back whole and recomputes; a withheld canonical is null; a damaged one is no proof", async () => {
    const raw = await served();
    const proof = normalizeLedgerProof(raw)!;
    expect(proof).toEqual(raw);
    expect(await checkProof(proof)).toEqual({ ok: true, root: raw.root.hash });
    expect(normalizeLedgerProof({ ...raw, entry: { ...raw.entry, canonical: null } })?.entry.canonical).toBeNull();
    expect(normalizeLedgerProof({ ...raw, path: ["x"] })).toBeNull();
    expect(normalizeLedgerProof({ ...raw, path: undefined })).toBeNull();
    expect(normalizeLedgerProof({ ...raw, entry: { ...raw.entry, index: undefined } })).toBeNull();
    expect(normalizeLedgerProof({ ...raw, root: undefined })).toBeNull();
    expect(normalizeLedgerProof("<html>")).toBeNull();
  });
});
