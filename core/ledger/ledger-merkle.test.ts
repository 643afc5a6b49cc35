// The day trees (RFC 9162 §2.1): roots against the RFC's recursive definition, every path of every small tree checked
// by the browser's verifier, and proofs that stay logarithmic however many entries a day holds.
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { rootFromInclusionPath } from "./ledger-chain";
import { DayTree, splitPoint } from "./ledger-merkle";

const h = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
/** MTH(D[n]) exactly as RFC 9162 §2.1.1 writes it, with no memo and no shortcuts. */
function mth(leaves: Buffer[]): Buffer {
  if (leaves.length === 1) return h(Buffer.of(0), leaves[0]);
  const k = splitPoint(leaves.length);
  return h(Buffer.of(1), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}
const entryHashes = (n: number) => Array.from({ length: n }, (_, i) => createHash("sha256").update(`entry ${i}`).digest("hex"));

describe("day Merkle trees", () => {
  test("roots match RFC 9162's definition, for the whole tree and every prefix of it", () => {
    const hashes = entryHashes(70);
    const tree = new DayTree();
    tree.append(hashes);
    for (let n = 1; n <= hashes.length; n++) {
      expect(tree.root(n)).toBe(mth(hashes.slice(0, n).map((x) => Buffer.from(x, "hex"))).toString("hex"));
    }
    // A leaf is not a node: the one-leaf tree is not the entry hash itself (second-preimage separation).
    expect(tree.root(1)).not.toBe(hashes[0]);
  });

  test("every path of every tree up to 33 leaves leads the browser's verifier to the root; a wrong index or sibling does not", async () => {
    const hashes = entryHashes(33);
    const tree = new DayTree();
    tree.append(hashes);
    for (let size = 1; size <= hashes.length; size++) {
      const root = tree.root(size);
      for (let i = 0; i < size; i++) {
        const path = tree.path(i, size);
        expect(await rootFromInclusionPath(hashes[i], i, size, path)).toBe(root);
        if (size > 1) {
          expect(await rootFromInclusionPath(hashes[i], (i + 1) % size, size, path)).not.toBe(root);
          expect(await rootFromInclusionPath(hashes[i], i, size, [...path.slice(0, -1), "0".repeat(64)])).not.toBe(root);
        }
      }
    }
    expect(await rootFromInclusionPath(hashes[0], 1, 1, [])).toBeNull();
  });

  test("a proof in a 20,000-entry day is 15 hashes (it was the rest of the day's chain, up to 20,000 links)", async () => {
    const hashes = entryHashes(20_000);
    const tree = new DayTree();
    tree.append(hashes);
    const root = tree.root();
    for (const i of [0, 1, 9_999, 16_383, 16_384, 19_999]) {
      const path = tree.path(i);
      expect(path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(hashes.length)));
      expect(await rootFromInclusionPath(hashes[i], i, hashes.length, path)).toBe(root);
    }
    expect(JSON.stringify(tree.path(0)).length).toBeLessThan(1_100);
  });
});
