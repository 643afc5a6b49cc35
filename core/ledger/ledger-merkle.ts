// The server's side of the ledger's day trees: RFC 9162 §2.1 Merkle trees over a day's entry hashes, hashed with
// node:crypto (synchronous, ~1 µs a node), with each complete subtree memoised because it never changes once full.
// The browser checks the paths with Web Crypto (ledger-chain.ts, rootFromInclusionPath): two codings of one rule,
// held together by ledger-merkle.test.ts.
import { createHash } from "node:crypto";

/** HASH(prefix || bytes of each hex part): 0x00 for a leaf, 0x01 for an interior node (RFC 9162's domain separation). */
function digest(prefix: 0 | 1, ...parts: string[]): string {
  const h = createHash("sha256").update(Buffer.of(prefix));
  for (const p of parts) h.update(Buffer.from(p, "hex"));
  return h.digest("hex");
}

/** A leaf of the day tree is the entry's chain hash, so a proof ends in what the chain and the anchors commit to. */
export const merkleLeaf = (entryHash: string) => digest(0, entryHash);
export const merkleNode = (left: string, right: string) => digest(1, left, right);

/** The largest power of two below n (n ≥ 2): where RFC 9162 splits a tree of n leaves. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Complete subtrees smaller than this are recomputed rather than kept (a quarter of the nodes, bounded memory). */
const MEMO_MIN = 8;

/** One day's tree: its entry hashes in seq order, growing at the end only (the ledger is append-only). */
export class DayTree {
  readonly leaves: string[] = [];
  private readonly memo = new Map<string, string>();

  append(entryHashes: string[]) {
    this.leaves.push(...entryHashes);
  }

  /** MTH(D[start:start+n]). */
  private hash(start: number, n: number): string {
    if (n === 1) return merkleLeaf(this.leaves[start]);
    const complete = (n & (n - 1)) === 0;
    const key = `${start}:${n}`;
    const held = complete ? this.memo.get(key) : undefined;
    if (held) return held;
    const k = splitPoint(n);
    const h = merkleNode(this.hash(start, k), this.hash(start + k, n - k));
    if (complete && n >= MEMO_MIN) this.memo.set(key, h);
    return h;
  }

  /** The root of the tree of the first `size` leaves (default: all of them). */
  root(size = this.leaves.length): string {
    if (size < 1 || size > this.leaves.length) throw new RangeError(`no tree of ${size} leaves (have ${this.leaves.length})`);
    return this.hash(0, size);
  }

  /** PATH(index, D[0:size]) of RFC 9162 §2.1.3.1: the sibling hashes from the leaf up, ⌈log2 size⌉ at most. */
  path(index: number, size = this.leaves.length): string[] {
    if (index < 0 || index >= size || size > this.leaves.length) throw new RangeError(`no leaf ${index} in a tree of ${size}`);
    const siblings: string[] = [];
    let start = 0;
    let n = size;
    let m = index;
    while (n > 1) {
      const k = splitPoint(n);
      if (m < k) {
        siblings.push(this.hash(start + k, n - k));
        n = k;
      } else {
        siblings.push(this.hash(start, k));
        start += k;
        m -= k;
        n -= k;
      }
    }
    return siblings.reverse();
  }
}
