// Ledger anchors kept outside the database: each day's root, signed with an Ed25519 key the database never holds and
// appended to a file, so a rewrite by whoever owns the ledger table (it recomputes cleanly) still fails verify-ledger.
import { createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import type { Sql } from "@core/infra/db";
import { DayTrees } from "@core/ledger/ledger";

/** v2 (since issue 31) also signs the day's Merkle root, which public proofs lead to; v1 lines stay checkable. */
export type Anchor = {
  v?: 2;
  day: string;
  last_seq: number;
  root_hash: string;
  merkle_root?: string;
  entries: number;
  anchored_at: string;
  sig: string;
};

/** What is signed: the version, the day, its last entry's seq and hash, (v2) its Merkle root, its entry count. */
const signedText = (a: Pick<Anchor, "v" | "day" | "last_seq" | "root_hash" | "merkle_root" | "entries">) =>
  a.v === 2
    ? `tradewind-ledger-anchor v2\n${a.day}\n${a.last_seq}\n${a.root_hash}\n${a.merkle_root}\n${a.entries}`
    : `tradewind-ledger-anchor v1\n${a.day}\n${a.last_seq}\n${a.root_hash}\n${a.entries}`;

function readLines(file: string): unknown[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l);
      } catch {
        return { invalid: `line ${i + 1} is not JSON` };
      }
    });
}

/**
 * Appends an anchor for every day whose current root (its highest seq) is not anchored yet: a finished day once, today
 * again whenever it grew. The file is only ever appended to; keep a copy where the database's owner cannot write.
 */
export async function anchorLedger(sql: Sql, file: string, privateKeyPem: string): Promise<Anchor[]> {
  const key = createPrivateKey(privateKeyPem);
  const done = new Set(readLines(file).map((a) => `${(a as Anchor).day}:${(a as Anchor).last_seq}`));
  const days = await sql<{ day: string; last_seq: number; root_hash: string; entries: number }[]>`
    select d.day, d.last_seq, l.entry_hash as root_hash, d.entries
    from (select (created_at at time zone 'UTC')::date::text as day, max(seq) as last_seq, count(*)::int as entries
          from signal_ledger group by 1) d
    join signal_ledger l on l.seq = d.last_seq order by d.last_seq`;
  const added: Anchor[] = [];
  const trees = new DayTrees(1);
  for (const d of days) {
    if (done.has(`${d.day}:${Number(d.last_seq)}`)) continue;
    const { root } = await trees.rootAt(sql, d.day, Number(d.last_seq));
    const base = { v: 2 as const, day: d.day, last_seq: Number(d.last_seq), root_hash: d.root_hash, merkle_root: root, entries: d.entries };
    const anchor = { ...base, anchored_at: new Date().toISOString(), sig: sign(null, Buffer.from(signedText(base)), key).toString("base64") };
    appendFileSync(file, `${JSON.stringify(anchor)}\n`);
    added.push(anchor);
  }
  return added;
}

/**
 * Holds the ledger to the anchors: every line must carry a valid signature under `publicKeyPem`, the entry at each
 * anchored seq must still have the anchored hash, and (v2) the day's entries up to it must still make the anchored
 * Merkle root. Answers one problem line per failure.
 */
export async function checkAnchors(sql: Sql, file: string, publicKeyPem: string): Promise<{ anchors: number; problems: string[] }> {
  const key = createPublicKey(publicKeyPem);
  const lines = readLines(file) as (Anchor & { invalid?: string })[];
  const problems: string[] = [];
  const trees = new DayTrees(1);
  for (const a of lines) {
    if (a.invalid) {
      problems.push(`  anchor_invalid: ${a.invalid}`);
      continue;
    }
    const sig = typeof a.sig === "string" ? Buffer.from(a.sig, "base64") : Buffer.alloc(0);
    if (!verify(null, Buffer.from(signedText(a)), key, sig)) {
      problems.push(`  anchor_bad_signature: the anchor of ${a.day} (entry #${a.last_seq}) is not signed by the anchor key`);
      continue;
    }
    const [entry] = await sql<{ entry_hash: string }[]>`select entry_hash from signal_ledger where seq = ${a.last_seq}`;
    if (entry?.entry_hash !== a.root_hash)
      problems.push(`  anchor_mismatch: the ${a.day} root anchored at entry #${a.last_seq} (${a.root_hash}) is ${entry?.entry_hash ?? "gone"} now`);
    else if (a.v === 2) {
      const now = await trees.rootAt(sql, a.day, a.last_seq);
      if (now.root !== a.merkle_root || now.size !== a.entries)
        problems.push(`  anchor_mismatch: the ${a.day} Merkle root anchored at entry #${a.last_seq} (${a.merkle_root}) is ${now.root} now`);
    }
  }
  return { anchors: lines.length, problems };
}
