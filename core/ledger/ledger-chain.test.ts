// Ledger hashing without a database: Postgres's number and time formats, the canonical layout, and proofs that fail
// for each kind of tampering (the database side is compared in scripts/ledger.test.ts).
import { describe, expect, test } from "bun:test";
import {
  canonicalOf,
  checkProof,
  GENESIS_HASH,
  isoMicros,
  leafHash,
  type LedgerProof,
  type LedgerSignal,
  linkHash,
  sha256Hex,
  trimScale,
} from "./ledger-chain";
import { DayTree } from "./ledger-merkle";

const sha = (s: string) => new Bun.CryptoHasher("sha256").update(s).digest("hex");

const ROW: LedgerSignal = {
  id: "7",
  request_id: "9",
  user_id: "3",
  symbol: "ETHUSDT",
  type: "NO_TRADE",
  confidence: "0.40",
  entry_price: null,
  take_profit: null,
  stop_loss: null,
  rr_ratio: null,
  cost_per_side: null,
  timeframe: "4h",
  entry_timing: "n/a",
  no_trade_reason: 'Spread too "wide"\n',
  market_time_ms: "1717200000000",
  created_at_us: "1717243200000001",
  reasoning: "Flat.",
  context: '{"a": 1}',
};

describe("ledger hashing", () => {
  test("sha256Hex is SHA-256 over UTF-8", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("ü🚀")).toBe(sha("ü🚀"));
    expect(await linkHash(GENESIS_HASH, "ab")).toBe(sha(`${GENESIS_HASH}ab`));
  });

  test("numbers and times as Postgres prints them", () => {
    expect(["1.500", "2.000", "100", "0.000", "-0.50", "10.010", "NaN"].map(trimScale)).toEqual(["1.5", "2", "100", "0", "-0.5", "10.01", "NaN"]);
    expect(isoMicros("1717243200123456")).toBe("2024-06-01T12:00:00.123456Z");
    expect(isoMicros("0")).toBe("1970-01-01T00:00:00.000000Z");
    expect(isoMicros("-1")).toBe("1969-12-31T23:59:59.999999Z");
  });

  test("the canonical text: fixed field order, nulls, escapes and digests", async () => {
    const salt = "salt-1";
    expect(await canonicalOf(ROW, salt)).toBe(
      `{"v":1,"signal_id":7,"request_id":9,"user":"${sha("user:3:salt-1")}","symbol":"ETHUSDT","type":"NO_TRADE","confidence":0.4,` +
        `"entry_price":null,"take_profit":null,"stop_loss":null,"rr_ratio":null,"cost_per_side":null,"timeframe":"4h","entry_timing":"n/a",` +
        `"no_trade_reason":"Spread too \\"wide\\"\\n","market_time_ms":1717200000000,"created_at":"2024-06-01T12:00:00.000001Z",` +
        `"reasoning_sha256":"${sha("Flat.")}","context_sha256":"${sha('{"a": 1}')}"}`,
    );
    const priced = await canonicalOf({ ...ROW, type: "LONG", entry_price: "65000.10", take_profit: "Infinity", context: null }, salt);
    expect(priced).toContain('"entry_price":65000.1,"take_profit":"Infinity",');
    expect(priced).toEndWith('"context_sha256":null}');
  });
});

/** A valid proof over the entries (one of them the signal's), built the way the database and the server build them. */
async function proofOf(canonicals: string[], signalIndex: number): Promise<LedgerProof> {
  const links: { seq: number; prev: string; leaf: string; hash: string }[] = [];
  let prev = GENESIS_HASH;
  for (const [i, c] of canonicals.entries()) {
    const leaf = await leafHash(c);
    const hash = await linkHash(prev, leaf);
    links.push({ seq: i + 1, prev, leaf, hash });
    prev = hash;
  }
  const own = links[signalIndex];
  const tree = new DayTree();
  tree.append(links.map((l) => l.hash));
  return {
    signal_id: 7,
    day: "2024-06-01",
    root: { hash: tree.root(), chain_head: prev, last_seq: links.length, final: true, entries: links.length },
    entry: {
      seq: own.seq,
      index: signalIndex,
      prev_hash: own.prev,
      leaf_hash: own.leaf,
      entry_hash: own.hash,
      committed_at: "2024-06-01T12:00:00.000Z",
      canonical: canonicals[signalIndex],
    },
    path: tree.path(signalIndex),
  };
}

describe("checkProof", () => {
  const canonicals = ['{"v":1,"signal_id":6,"x":1}', '{"v":1,"signal_id":7,"x":2}', '{"v":1,"signal_id":8,"x":3}'];

  test("a proof recomputes to its root, disclosed or not", async () => {
    const proof = await proofOf(canonicals, 1);
    expect(await checkProof(proof)).toEqual({ ok: true, root: proof.root.hash });
    expect(await checkProof({ ...proof, entry: { ...proof.entry, canonical: null } })).toEqual({ ok: true, root: proof.root.hash });
    expect((await checkProof(await proofOf(canonicals.slice(0, 2), 1))).ok).toBe(true);
  });

  test("each kind of tampering fails with its reason", async () => {
    const proof = await proofOf(canonicals, 1);
    const fail = async (p: LedgerProof) => {
      const r = await checkProof(p);
      return r.ok ? "ok" : r.reason;
    };
    expect(await fail({ ...proof, entry: { ...proof.entry, canonical: '{"v":1,"signal_id":7,"x":9}' } })).toBe(
      "The disclosed fields do not hash to the committed leaf.",
    );
    expect(await fail({ ...proof, signal_id: 8 })).toBe("The disclosed fields name another signal.");
    expect(await fail({ ...proof, entry: { ...proof.entry, prev_hash: "1".repeat(64) } })).toBe("Entry #2 does not hash to its recorded value.");
    expect(await fail({ ...proof, path: [proof.path[0], "2".repeat(64)] })).toStartWith("The inclusion path ends at ");
    expect(await fail({ ...proof, path: proof.path.slice(1) })).toBe("The inclusion path does not fit entry 2 of 3.");
    expect(await fail({ ...proof, entry: { ...proof.entry, index: 0 } })).toStartWith("The inclusion path ends at ");
    expect(await fail({ ...proof, entry: { ...proof.entry, index: 3 } })).toBe("The inclusion path does not fit entry 4 of 3.");
    expect(await fail({ ...proof, root: { ...proof.root, hash: "3".repeat(64) } })).toStartWith("The inclusion path ends at ");
  });
});
