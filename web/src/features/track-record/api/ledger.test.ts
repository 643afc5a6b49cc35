// Readers of the ledger endpoints: roots, and proofs taken all or nothing, then recomputed with Web Crypto as /verify does.
import { describe, expect, test } from "bun:test";
import { checkProof, GENESIS_HASH, leafHash, linkHash } from "@core/ledger/ledger-chain";
import { DayTree } from "@core/ledger/ledger-merkle";
import { normalizeLedgerProof, normalizeLedgerRoots } from "./decode-ledger";
import { rootCounts } from "./ledger";

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
          { day: "2024-06-02", root_hash: "b".repeat(64), merkle_root: hash, entries: 3, signals: 1, last_seq: 9, final: false },
          { day: "2024-06-01", merkle_root: "not-a-hash", entries: 1 },
          { day: "2024-05-31", merkle_root: hash, entries: 2, final: true },
        ],
        next_before: null,
      }),
    ).toEqual([
      { day: "2024-06-02", rootHash: hash, entries: 3, signals: 1, final: false },
      { day: "2024-05-31", rootHash: hash, entries: 2, signals: null, final: true },
    ]);
    expect(normalizeLedgerRoots(null)).toEqual([]);
  });

  test("a day's counts name its signals apart from its No Trades", () => {
    const n = (v: number) => v.toLocaleString("en-US");
    expect(rootCounts({ entries: 32, signals: 3 }, n)).toBe("32 results: 3 signals, 29 No Trades");
    expect(rootCounts({ entries: 2, signals: 1 }, n)).toBe("2 results: 1 signal, 1 No Trade");
    expect(rootCounts({ entries: 1, signals: 1 }, n)).toBe("1 result: 1 signal, 0 No Trades");
    expect(rootCounts({ entries: 1200, signals: null }, n)).toBe("1,200 results (No Trades included)");
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
