// The signal ledger in the database: full verification (chain, commitments, deletes), daily roots and Merkle inclusion
// proofs.
import type { Sql, Tx } from "../infra/db";
import { canonicalOf, GENESIS_HASH, leafHash, type LedgerProof, type LedgerSignal, linkHash } from "./ledger-chain";
import { DayTree } from "./ledger-merkle";

export type LedgerFinding = {
  kind: "missing_entry" | "signal_deleted" | "signal_edited" | "chain_broken" | "hash_mismatch";
  detail: string;
};
export type LedgerReport = { entries: number; head: string; findings: LedgerFinding[] };

const BATCH = 2000;

type LoadedEntry = { seq: number; signal_id: number; user_salt: string; canonical: string; prev_hash: string; entry_hash: string } & (
  | LedgerSignal
  | { [K in keyof LedgerSignal]: null }
);

/** Entries after `after` with their signal (null fields when it is gone), every number as Postgres's text. */
const loadBatch = (tx: Tx, after: number) => tx<LoadedEntry[]>`
  select l.seq, l.signal_id, l.user_salt, l.canonical, l.prev_hash, l.entry_hash,
         s.id::text as id, s.request_id::text as request_id, s.user_id::text as user_id, s.symbol, s.type,
         s.confidence::text as confidence, s.entry_price::text as entry_price, s.take_profit::text as take_profit,
         s.stop_loss::text as stop_loss, s.rr_ratio::text as rr_ratio, s.cost_per_side::text as cost_per_side,
         s.timeframe, s.entry_timing, s.no_trade_reason, s.market_time_ms::text as market_time_ms,
         (extract(epoch from s.created_at) * 1000000)::bigint::text as created_at_us, s.reasoning, s.context::text as context
  from signal_ledger l left join signals s on s.id = l.signal_id
  where l.seq > ${after} order by l.seq limit ${BATCH}`;

/** The top-level fields whose values differ between two canonical texts (what an edit changed). */
function changedFields(committed: string, current: string): string[] {
  const a = JSON.parse(committed) as Record<string, unknown>;
  const b = JSON.parse(current) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/** One entry against its predecessor and its signal; returns the findings and the hash the next entry must name. */
async function checkEntry(e: LoadedEntry, prev: string): Promise<{ findings: LedgerFinding[]; hash: string }> {
  const findings: LedgerFinding[] = [];
  const at = `entry #${e.seq} (signal ${e.signal_id})`;
  if (e.prev_hash !== prev) findings.push({ kind: "chain_broken", detail: `${at}: prev_hash is not the hash of the entry before it` });
  const hash = await linkHash(e.prev_hash, await leafHash(e.canonical));
  if (hash !== e.entry_hash) findings.push({ kind: "hash_mismatch", detail: `${at}: entry_hash is not sha256(prev_hash || leaf)` });
  if (e.id === null) {
    findings.push({ kind: "signal_deleted", detail: `${at}: the signal row no longer exists` });
  } else {
    const current = await canonicalOf(e, e.user_salt);
    if (current !== e.canonical) {
      findings.push({
        kind: "signal_edited",
        detail: `${at}: the stored signal differs from its commitment in ${changedFields(e.canonical, current).join(", ")}`,
      });
    }
  }
  // The recomputed hash carries on, so one rewritten entry is reported once and not again by its successor.
  return { findings, hash };
}

/**
 * Walks the whole ledger in seq order inside one snapshot: every link recomputes, every entry matches its signal row
 * as stored now, and every signal has an entry. A finding is evidence of an edit, delete or rewrite.
 */
export function verifyLedger(sql: Sql): Promise<LedgerReport> {
  return sql.begin("isolation level repeatable read read only", async (tx) => {
    const findings: LedgerFinding[] = [];
    let prev = GENESIS_HASH;
    let entries = 0;
    let batch: LoadedEntry[] = [];
    do {
      batch = await loadBatch(tx, batch.length ? batch[batch.length - 1].seq : 0);
      for (const e of batch) {
        const checked = await checkEntry(e, prev);
        findings.push(...checked.findings);
        prev = checked.hash;
      }
      entries += batch.length;
    } while (batch.length === BATCH);
    const unlogged = await tx<{ id: number }[]>`
      select s.id from signals s where not exists (select 1 from signal_ledger l where l.signal_id = s.id) order by s.id`;
    for (const s of unlogged) findings.push({ kind: "missing_entry", detail: `signal ${s.id}: no ledger entry` });
    return { entries, head: prev, findings };
  });
}

/** `entries` counts every committed result, No Trades included; `signals` the LONG and SHORT among them. */
export type LedgerRoot = { day: string; root_hash: string; merkle_root: string; entries: number; signals: number; last_seq: number; final: boolean };

/** The first instant of a UTC day ("YYYY-MM-DD"), whatever the session's time zone. */
const dayStart = (sql: Sql, day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/**
 * Daily roots, newest first: for each UTC day with entries in the `days` days before `before` (default: through
 * today), the hash of its last entry (`root_hash`, the chain's head) and the Merkle root of its entries
 * (`merkle_root`, what proofs lead to). `next_before` starts the next page at the newest older day with entries, so
 * gaps without signals cost no empty pages. Today's roots are not final: they move with every new signal.
 */
export async function ledgerRoots(sql: Sql, opts: { before?: string; days: number }, trees: DayTrees = new DayTrees(1)) {
  const [{ start, end }] = await sql<{ start: string; end: string }[]>`
    select (e - ${opts.days}::int)::text as start, e::text as "end"
    from (select coalesce(${opts.before ?? null}::date, (now() at time zone 'UTC')::date + 1) as e) as bound`;
  const [items, [older]] = await Promise.all([
    sql<Omit<LedgerRoot, "merkle_root">[]>`
      with win as (
        select (created_at at time zone 'UTC')::date as day, count(*)::int as entries,
               count(*) filter (where canonical::jsonb ->> 'type' <> 'NO_TRADE')::int as signals, max(seq) as last_seq
        from signal_ledger where created_at >= ${dayStart(sql, start)} and created_at < ${dayStart(sql, end)}
        group by 1
      )
      select w.day::text as day, l.entry_hash as root_hash, w.entries, w.signals, w.last_seq, w.day < (now() at time zone 'UTC')::date as final
      from win w join signal_ledger l on l.seq = w.last_seq order by w.day desc`,
    sql<{ next: string | null }[]>`
      select ((max(created_at) at time zone 'UTC')::date + 1)::text as next from signal_ledger where created_at < ${dayStart(sql, start)}`,
  ]);
  const withMerkle: LedgerRoot[] = [];
  for (const r of items) withMerkle.push({ ...r, merkle_root: (await trees.rootAt(sql, r.day, Number(r.last_seq))).root });
  return { items: withMerkle, next_before: older.next };
}

/**
 * Each day's Merkle tree (core/ledger/ledger-merkle.ts), kept in memory: entries never change (append-only), so a day's
 * entry hashes are read once and later only its new entries are added, and complete subtrees are hashed once. At most
 * `maxDays` trees are kept, the least recently used go; a finished day's root stays known after its tree goes.
 */
export class DayTrees {
  private days = new Map<string, { tree: DayTree; seqs: number[] }>();
  private roots = new Map<string, { root: string; size: number }>();
  constructor(private readonly maxDays = 8) {}

  /** The day's tree holding at least every entry up to `rootSeq`, reading from Postgres only those not held yet. */
  async upTo(sql: Sql, day: string, rootSeq: number): Promise<{ tree: DayTree; seqs: number[] }> {
    const held = this.days.get(day) ?? { tree: new DayTree(), seqs: [] };
    const last = held.seqs.length ? held.seqs[held.seqs.length - 1] : 0;
    if (last < rootSeq) {
      const fresh = await sql<{ seq: number; entry_hash: string }[]>`
        select seq, entry_hash from signal_ledger
        where created_at >= ${dayStart(sql, day)} and created_at < ${dayStart(sql, day)} + interval '1 day'
          and seq > ${last} and seq <= ${rootSeq} order by seq`;
      held.tree.append(fresh.map((f) => f.entry_hash));
      held.seqs.push(...fresh.map((f) => Number(f.seq)));
    }
    this.days.delete(day);
    this.days.set(day, held);
    if (this.days.size > this.maxDays) this.days.delete(this.days.keys().next().value as string);
    return held;
  }

  /** The day's Merkle root over its entries up to `rootSeq`, and the tree's size (remembered per day and seq). */
  async rootAt(sql: Sql, day: string, rootSeq: number): Promise<{ root: string; size: number }> {
    const key = `${day}:${rootSeq}`;
    const known = this.roots.get(key);
    if (known) return known;
    const { tree, seqs } = await this.upTo(sql, day, rootSeq);
    const size = countUpTo(seqs, rootSeq);
    const found = { root: tree.root(size), size };
    // Bounded: a process that has seen very many days starts over.
    if (this.roots.size >= 10_000) this.roots.clear();
    this.roots.set(key, found);
    return found;
  }
}

/** How many of the ascending `seqs` are at most `seq` (binary search). */
function countUpTo(seqs: number[], seq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (seqs[mid] <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type ProofRow = {
  seq: number;
  canonical: string;
  prev_hash: string;
  entry_hash: string;
  leaf_hash: string;
  created_at: Date;
  day: string;
  final: boolean;
  disclosable: boolean;
};

/**
 * The inclusion proof of one signal: its entry and its Merkle path in its UTC day's tree as it stands (⌈log2 n⌉
 * hashes for n entries). `canonical` is always filled here; `disclosable` says whether the public may see it.
 */
export async function ledgerProof(
  sql: Sql,
  signalId: number,
  trees: DayTrees = new DayTrees(1),
): Promise<(LedgerProof & { disclosable: boolean }) | null> {
  const [e] = await sql<ProofRow[]>`
    select l.seq, l.canonical, l.prev_hash, l.entry_hash, signal_ledger_leaf(l.canonical) as leaf_hash, l.created_at,
           (l.created_at at time zone 'UTC')::date::text as day,
           (l.created_at at time zone 'UTC')::date < (now() at time zone 'UTC')::date as final,
           -- Withheld while the trade is open, so the proof never hands out a live paid signal; a deleted one is shown.
           (s.id is null or s.outcome is distinct from 'OPEN') as disclosable
    from signal_ledger l left join signals s on s.id = l.signal_id where l.signal_id = ${signalId}`;
  if (!e) return null;
  // The day's root is over its entries as they stand; its last one is the highest seq dated that day.
  const [day] = await sql<{ root_seq: number }[]>`
    select max(seq) as root_seq from signal_ledger
    where created_at >= ${dayStart(sql, e.day)} and created_at < ${dayStart(sql, e.day)} + interval '1 day'`;
  const rootSeq = Number(day.root_seq);
  const { tree, seqs } = await trees.upTo(sql, e.day, rootSeq);
  const size = countUpTo(seqs, rootSeq);
  const index = countUpTo(seqs, Number(e.seq)) - 1;
  return {
    signal_id: signalId,
    day: e.day,
    root: { hash: tree.root(size), chain_head: tree.leaves[size - 1], last_seq: rootSeq, final: e.final, entries: size },
    entry: {
      seq: Number(e.seq),
      index,
      prev_hash: e.prev_hash,
      leaf_hash: e.leaf_hash,
      entry_hash: e.entry_hash,
      committed_at: new Date(e.created_at).toISOString(),
      canonical: e.canonical,
    },
    path: tree.path(index, size),
    disclosable: e.disclosable,
  };
}
