// The signal ledger end to end on private chains (one schema each): the trigger's canonical text against core's, the
// backfill, verify-ledger clean and then broken by an edit, a delete and a rewritten hash, concurrent commits, day roots.
import { afterAll, describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSql, type Sql, type Tx } from "@core/infra/db";
import { ledgerProof, ledgerRoots, verifyLedger } from "@core/ledger/ledger";
import { checkProof, GENESIS_HASH, leafHash, linkHash } from "@core/ledger/ledger-chain";
import { grantAppRole, migrate } from "@core/infra/migrate";
import { closeTestDeps, testDeps } from "../test/helpers";
import { AdminError, INTERNAL_ONLY, LedgerError, runAdmin } from "./admin";
import { DayTree } from "@core/ledger/ledger-merkle";

const MIGRATIONS = join(import.meta.dir, "..", "core", "migrations");
const opened: { sql: Sql; schema: string }[] = [];

afterAll(async () => {
  for (const { sql, schema } of opened) {
    await sql.end({ timeout: 1 });
    await testDeps().sql.unsafe(`drop schema ${schema} cascade`);
  }
  await closeTestDeps();
});

/** A fresh schema in the run's database, migrated (optionally only up to a version), with one user: a chain of its own. */
async function privateDb(opts: { before?: string } = {}) {
  const schema = `ledger_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await testDeps().sql.unsafe(`create schema ${schema}`);
  const url = new URL(testDeps().config.DATABASE_URL);
  url.searchParams.set("search_path", schema);
  const sql = createSql(url.toString(), { max: 8 });
  opened.push({ sql, schema });
  if (opts.before) {
    await sql.unsafe("create table schema_migrations (version text primary key, applied_at timestamptz not null default now())");
    for (const file of readdirSync(MIGRATIONS).sort()) {
      const version = file.replace(/\.sql$/, "");
      if (version >= opts.before) continue;
      await sql.begin(async (tx) => {
        await tx.unsafe(readFileSync(join(MIGRATIONS, file), "utf8"));
        await tx`insert into schema_migrations (version) values (${version})`;
      });
    }
  } else await migrate(sql);
  const [user] = await sql<{ id: number }[]>`
    insert into users (email, password_hash, first_name, last_name) values (${`${schema}@example.test`}, 'x', 'Led', 'Ger') returning id`;
  return { sql, userId: user.id };
}

type SignalFields = {
  type: "LONG" | "SHORT" | "NO_TRADE";
  symbol: string;
  confidence: string | number;
  entry_price: string | number | null;
  take_profit: string | number | null;
  stop_loss: string | number | null;
  rr_ratio: string | number | null;
  cost_per_side: string | number | null;
  timeframe: string;
  entry_timing: string;
  reasoning: string;
  no_trade_reason: string | null;
  market_time_ms: number | string;
  context: unknown;
  created_at: string | null;
};

const LONG: SignalFields = {
  type: "LONG",
  symbol: "BTCUSDT",
  confidence: "0.55",
  entry_price: "100",
  take_profit: "110",
  stop_loss: "95",
  rr_ratio: "2",
  cost_per_side: null,
  timeframe: "1h",
  entry_timing: "Now",
  reasoning: "seeded",
  no_trade_reason: null,
  market_time_ms: 1717200000000,
  context: null,
  created_at: null,
};

const NO_TRADE: Partial<SignalFields> = { type: "NO_TRADE", entry_price: null, take_profit: null, stop_loss: null, rr_ratio: null };

/** A settled request and its signal, numbers passed as given (text keeps its scale) and the time as text (a Date would drop its microseconds). */
async function addSignal(db: Sql | Tx, userId: number, over: Partial<SignalFields> = {}): Promise<number> {
  const f = { ...LONG, ...over };
  const noTrade = f.type === "NO_TRADE";
  const [r] = await db<{ id: number }[]>`
    insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status)
    values (${userId}, ${f.symbol}, 'COMPLETED', 3, 100, ${noTrade ? "RELEASED" : "USED"}) returning id`;
  const [s] = await db<{ id: number }[]>`
    insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, cost_per_side,
                         timeframe, entry_timing, reasoning, no_trade, no_trade_reason, is_active, market_time_ms, outcome, context, created_at)
    values (${userId}, ${r.id}, ${f.symbol}, ${f.type}, ${f.confidence}::numeric, ${f.entry_price}::numeric, ${f.take_profit}::numeric,
            ${f.stop_loss}::numeric, ${f.rr_ratio}::numeric, ${f.cost_per_side}::numeric, ${f.timeframe}, ${f.entry_timing}, ${f.reasoning},
            ${noTrade}, ${f.no_trade_reason}, ${!noTrade}, ${f.market_time_ms}, ${noTrade ? null : "OPEN"},
            ${f.context === null ? null : JSON.stringify(f.context)}::text::jsonb, coalesce(${f.created_at}::text::timestamptz, now()))
    returning id`;
  return Number(s.id);
}

const entries = (sql: Sql) =>
  sql<{ seq: number; signal_id: number; canonical: string; prev_hash: string; entry_hash: string }[]>`
    select seq, signal_id, canonical, prev_hash, entry_hash from signal_ledger order by seq`;

/** Stands in for an owner who switches the append-only guard off to rewrite the ledger. */
const unguarded = (sql: Sql) => sql`alter table signal_ledger disable trigger signal_ledger_append_only`;

const VARIED: Partial<SignalFields>[] = [
  {},
  { confidence: 0.1 + 0.2, entry_price: 0.1 + 0.2, take_profit: 1e-7, stop_loss: 123456.789, rr_ratio: 1 / 3, cost_per_side: 0.0005 },
  { entry_price: "1.500", take_profit: "2.000", stop_loss: "0.00000001", rr_ratio: "123456789.123456789", confidence: "1.0" },
  { type: "SHORT", entry_price: "65000", take_profit: "60000.50", stop_loss: "67000.0", rr_ratio: "2.5", confidence: "0" },
  { entry_price: "NaN", take_profit: "Infinity", stop_loss: "-0.000", rr_ratio: "-1.25" },
  { ...NO_TRADE, no_trade_reason: null, entry_timing: "n/a", timeframe: "" },
  { ...NO_TRADE, no_trade_reason: 'Quote "mark", back\\slash, tab\t, newline\n, \u0001\u001f\u007f, ü, 日本, 🚀, \u2028', symbol: "ÄÖÜUSDT" },
  { reasoning: "", context: { b: 1.5, a: [1, "x", null, 1e-7, 10.0], nested: { é: "\u0002", z: true } }, cost_per_side: "0.0010" },
  { created_at: "2024-06-01T12:34:56.123456Z", market_time_ms: "9007199254740993" },
  { created_at: "1969-12-31T23:59:59.999999Z", reasoning: "🚀".repeat(50) },
];

describe("signal ledger: canonical text", () => {
  test("the trigger's canonical text and core's agree on varied rows, NO_TRADE and nulls included", async () => {
    const { sql, userId } = await privateDb();
    const ids: number[] = [];
    for (const row of VARIED) ids.push(await addSignal(sql, userId, row));
    const report = await verifyLedger(sql);
    expect(report.findings).toEqual([]);
    expect(report.entries).toBe(VARIED.length);
    const stored = await entries(sql);
    expect(stored.map((e) => e.signal_id)).toEqual(ids);
    const committed = stored.map((e) => JSON.parse(e.canonical) as Record<string, unknown>);
    // Postgres's exact decimals and shortest forms; NaN and Infinity quoted, as JSON has no number for them.
    expect(committed[1]).toMatchObject({ confidence: 0.30000000000000004, take_profit: 1e-7, rr_ratio: 0.3333333333333333 });
    expect(stored[2].canonical).toContain('"entry_price":1.5,"take_profit":2,"stop_loss":0.00000001,"rr_ratio":123456789.123456789');
    expect(stored[4].canonical).toContain('"entry_price":"NaN","take_profit":"Infinity","stop_loss":0,"rr_ratio":-1.25');
    expect(committed[5]).toMatchObject({ type: "NO_TRADE", entry_price: null, take_profit: null, no_trade_reason: null, context_sha256: null });
    expect(committed[6].no_trade_reason).toBe(VARIED[6].no_trade_reason as string);
    expect(committed[8]).toMatchObject({ created_at: "2024-06-01T12:34:56.123456Z" });
    expect(stored[8].canonical).toContain('"market_time_ms":9007199254740993,');
    expect(committed[9]).toMatchObject({ created_at: "1969-12-31T23:59:59.999999Z" });
    // The buyer is a salted hash: not the id, not the unsalted hash of it, and different on each of their signals.
    expect(new Set(committed.map((c) => c.user)).size).toBe(VARIED.length);
    expect(stored[0].canonical).not.toContain(`"user":"${new Bun.CryptoHasher("sha256").update(`user:${userId}:`).digest("hex")}"`);
  });

  test("existing signals are chained by the migration in id order; later ones by the trigger", async () => {
    const { sql, userId } = await privateDb({ before: "0080" });
    const early = [await addSignal(sql, userId), await addSignal(sql, userId, NO_TRADE), await addSignal(sql, userId)];
    await migrate(sql);
    const late = await addSignal(sql, userId);
    const stored = await entries(sql);
    expect(stored.map((e) => e.signal_id)).toEqual([...early, late]);
    expect(stored[0].prev_hash).toBe(GENESIS_HASH);
    expect((await verifyLedger(sql)).findings).toEqual([]);
  });

  test("the entry is taken at commit: a change after the insert in the same transaction is committed, a row deleted before commit never is", async () => {
    const { sql, userId } = await privateDb();
    const changed = await sql.begin(async (tx) => {
      const id = await addSignal(tx, userId);
      await tx`update signals set entry_price = 101.25 where id = ${id}`;
      const gone = await addSignal(tx, userId);
      await tx`update analysis_requests set final_signal_id = null where final_signal_id = ${gone}`;
      await tx`delete from signals where id = ${gone}`;
      return id;
    });
    const stored = await entries(sql);
    expect(stored.map((e) => e.signal_id)).toEqual([changed]);
    expect(JSON.parse(stored[0].canonical).entry_price).toBe(101.25);
    expect((await verifyLedger(sql)).findings).toEqual([]);
  });
});

describe("signal ledger: verify-ledger", () => {
  /** A private chain of a LONG, a NO_TRADE and a SHORT; the middle one is the one tampered with. */
  async function chainOfThree() {
    const db = await privateDb();
    const ids = [
      await addSignal(db.sql, db.userId),
      await addSignal(db.sql, db.userId, NO_TRADE),
      await addSignal(db.sql, db.userId, { type: "SHORT" }),
    ];
    return { ...db, ids };
  }

  test("clean on a fresh chain, and proves a signal's inclusion in its day's root", async () => {
    const { sql, ids } = await chainOfThree();
    const out = await runAdmin(sql, ["verify-ledger", String(ids[1]), "--no-anchors"]);
    const hashes = await sql<{ entry_hash: string }[]>`select entry_hash from signal_ledger order by seq`;
    const tree = new DayTree();
    tree.append(hashes.map((h) => h.entry_hash));
    expect(out).toContain(`Ledger: 3 entries recomputed; head ${hashes[2].entry_hash}.`);
    expect(out).toMatch(
      new RegExp(
        `Signal ${ids[1]}: entry #2, included in the \\d{4}-\\d{2}-\\d{2} Merkle root so far ${tree.root()} \\(a path of 2 hash\\(es\\) for 3 entries\\)\\.`,
      ),
    );
    await expect(runAdmin(sql, ["verify-ledger", "999999", "--no-anchors"])).rejects.toThrow("No ledger entry for signal 999999");
  });

  test("without its anchors verify-ledger refuses to call the chain sound; --no-anchors says it checked consistency only (issue 31, item 11)", async () => {
    const { sql, ids } = await chainOfThree();
    const refused = await runAdmin(sql, ["verify-ledger"]).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(AdminError);
    expect((refused as Error).message).toContain("verify-ledger needs --anchors <file>");
    await expect(runAdmin(sql, ["verify-ledger", String(ids[0])])).rejects.toBeInstanceOf(AdminError);
    // A file without the public key to check it with is no anchor check either.
    await expect(runAdmin(sql, ["verify-ledger", "--anchors", "/tmp/none.jsonl"])).rejects.toThrow("LEDGER_ANCHOR_PUBLIC_KEY");
    await expect(runAdmin(sql, ["verify-ledger", "--anchors", "/tmp/none.jsonl", "--no-anchors"], { anchorPublicKey: "x" })).rejects.toThrow(
      "not both",
    );
    const out = await runAdmin(sql, ["verify-ledger", "--no-anchors"]);
    expect(out).toContain("Ledger: 3 entries recomputed");
    expect(out).toContain(INTERNAL_ONLY);
  });

  test("(a) an edited entry price breaks it", async () => {
    const { sql, ids } = await chainOfThree();
    await sql`update signals set entry_price = 99.5 where id = ${ids[0]}`;
    const err = await runAdmin(sql, ["verify-ledger", "--no-anchors"]).catch((e: Error) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect((err as Error).message).toContain(
      `signal_edited: entry #1 (signal ${ids[0]}): the stored signal differs from its commitment in entry_price`,
    );
    // Outcomes are judged later and are not committed: recording one is no edit.
    const fresh = await chainOfThree();
    await fresh.sql`update signals set outcome = 'TP_HIT', r_multiple = 1.9, is_active = false, outcome_at = now() where id = ${fresh.ids[0]}`;
    expect((await verifyLedger(fresh.sql)).findings).toEqual([]);
  });

  test("(b) a deleted signal breaks it; its entry stays behind as evidence", async () => {
    const { sql, ids } = await chainOfThree();
    await sql`delete from signals where id = ${ids[1]}`;
    const report = await verifyLedger(sql);
    expect(report.findings).toEqual([{ kind: "signal_deleted", detail: `entry #2 (signal ${ids[1]}): the signal row no longer exists` }]);
    await expect(runAdmin(sql, ["verify-ledger", "--no-anchors"])).rejects.toThrow("signal_deleted");
  });

  test("(c) a rewritten ledger hash breaks it; the ledger refuses rewrites unless its guard is switched off", async () => {
    const { sql, ids } = await chainOfThree();
    await expect(sql`update signal_ledger set entry_hash = ${"f".repeat(64)} where signal_id = ${ids[1]}`).rejects.toThrow("append-only");
    await expect(sql`delete from signal_ledger where signal_id = ${ids[1]}`).rejects.toThrow("append-only");
    await unguarded(sql);
    await sql`update signal_ledger set entry_hash = ${"f".repeat(64)} where signal_id = ${ids[1]}`;
    const report = await verifyLedger(sql);
    // Reported once: the walk carries the recomputed hash on, which the next entry still names.
    expect(report.findings).toEqual([{ kind: "hash_mismatch", detail: `entry #2 (signal ${ids[1]}): entry_hash is not sha256(prev_hash || leaf)` }]);
    await expect(runAdmin(sql, ["verify-ledger", "--no-anchors"])).rejects.toThrow("1 problem(s) over 3 entries");
  });

  test("(d) a consistent rewrite by the table's owner passes the chain check but not the signed anchors", async () => {
    const { sql, ids } = await chainOfThree();
    const pair = generateKeyPairSync("ed25519");
    const keys = {
      anchorPrivateKey: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      anchorPublicKey: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
    };
    const file = join(tmpdir(), `anchors-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}.jsonl`);
    expect(await runAdmin(sql, ["anchor-ledger", file], keys)).toMatch(/^Anchored 1 root\(s\)/);
    expect(await runAdmin(sql, ["anchor-ledger", file], keys)).toBe(`Anchored 0 root(s) in ${file}.`);
    expect(await runAdmin(sql, ["verify-ledger", "--anchors", file], keys)).toContain("Anchors: 1 checked");
    // A v2 anchor signs the day's Merkle root too, the one public proofs lead to.
    const anchored = JSON.parse(readFileSync(file, "utf8").trim());
    expect({ v: anchored.v, merkle_root: anchored.merkle_root }).toEqual({
      v: 2,
      merkle_root: (await ledgerRoots(sql, { days: 2 })).items[0].merkle_root,
    });
    // The owner switches the guard off, edits a signal and recomputes every commitment and link after it.
    await unguarded(sql);
    await sql`update signals set entry_price = 99.5 where id = ${ids[0]}`;
    const rows = await sql<{ seq: number; canonical: string }[]>`
      select l.seq, signal_ledger_canonical(s, l.user_salt) as canonical from signal_ledger l join signals s on s.id = l.signal_id order by l.seq`;
    let prev = GENESIS_HASH;
    for (const r of rows) {
      const hash = await linkHash(prev, await leafHash(r.canonical));
      await sql`update signal_ledger set canonical = ${r.canonical}, prev_hash = ${prev}, entry_hash = ${hash} where seq = ${r.seq}`;
      prev = hash;
    }
    // The unkeyed chain cannot tell: it recomputes.
    expect((await verifyLedger(sql)).findings).toEqual([]);
    const err = await runAdmin(sql, ["verify-ledger", "--anchors", file], keys).catch((e: Error) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect((err as Error).message).toContain("anchor_mismatch");
    // Re-signing needs the key: an anchor line edited to the new root fails its signature.
    const [line] = readFileSync(file, "utf8").trim().split("\n");
    writeFileSync(file, `${JSON.stringify({ ...JSON.parse(line), root_hash: prev })}\n`);
    await expect(runAdmin(sql, ["verify-ledger", "--anchors", file], keys)).rejects.toThrow("anchor_bad_signature");
    rmSync(file, { force: true });
  });

  test("(e) the app's role, granted by the owner after migrating, starts on the current schema, appends to the ledger but cannot switch its guard off", async () => {
    const { sql, userId } = await privateDb();
    const role = `tw_app_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    await testDeps().sql.unsafe(`create role ${role} login`);
    const url = new URL(testDeps().config.DATABASE_URL);
    url.username = role;
    url.searchParams.set("search_path", (await sql<{ s: string }[]>`select current_schema() as s`)[0].s);
    const app = createSql(url.toString(), { max: 1 });
    try {
      await grantAppRole(sql, role);
      // A server or engine started as this role once the migrations Job ran: its start-up migration finds nothing to
      // do and needs no CREATE on the schema, which the role lacks.
      expect(await migrate(app)).toEqual([]);
      await expect(app`create table tw_app_probe (x int)`).rejects.toThrow(/permission denied/);
      const id = await addSignal(app, userId);
      expect(await app`select 1 from signal_ledger where signal_id = ${id}`).toHaveLength(1);
      await expect(app`alter table signal_ledger disable trigger signal_ledger_append_only`).rejects.toThrow(/owner/);
      await expect(app`update signal_ledger set entry_hash = ${"f".repeat(64)} where signal_id = ${id}`).rejects.toThrow(/permission denied/);
      await expect(app`delete from signal_ledger where signal_id = ${id}`).rejects.toThrow(/permission denied/);
      expect((await verifyLedger(app)).findings).toEqual([]);
    } finally {
      await app.end({ timeout: 1 });
      await sql.unsafe(`drop owned by ${role}`);
      await testDeps().sql.unsafe(`drop owned by ${role}`);
      await testDeps().sql.unsafe(`drop role ${role}`);
    }
  });

  test("a removed ledger entry or a signal without one is reported", async () => {
    const { sql, ids, userId } = await chainOfThree();
    await unguarded(sql);
    await sql`delete from signal_ledger where signal_id = ${ids[1]}`;
    await sql`alter table signals disable trigger signal_ledger_on_insert`;
    const unlogged = await addSignal(sql, userId);
    const kinds = (await verifyLedger(sql)).findings.map((f) => `${f.kind}: ${f.detail}`);
    expect(kinds).toEqual([
      `chain_broken: entry #3 (signal ${ids[2]}): prev_hash is not the hash of the entry before it`,
      `missing_entry: signal ${ids[1]}: no ledger entry`,
      `missing_entry: signal ${unlogged}: no ledger entry`,
    ]);
  });
});

describe("signal ledger: concurrency and days", () => {
  test("concurrent commits from several connections chain in one line, without a fork", async () => {
    const { sql, userId } = await privateDb();
    const N = 6;
    let arrived = 0;
    let release: () => void = () => {};
    const allInserted = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Every transaction has inserted its signal before any commits, so all the ledger appends meet at commit time.
    await Promise.all(
      Array.from({ length: N }, () =>
        sql.begin(async (tx) => {
          await addSignal(tx, userId);
          if (++arrived === N) release();
          await allInserted;
        }),
      ),
    );
    const stored = await entries(sql);
    expect(stored.length).toBe(N);
    expect(new Set(stored.map((e) => e.prev_hash)).size).toBe(N);
    stored.forEach((e, i) => {
      expect(e.prev_hash).toBe(i === 0 ? GENESIS_HASH : stored[i - 1].entry_hash);
    });
    expect((await verifyLedger(sql)).findings).toEqual([]);
  });

  test("a REPEATABLE READ commit that missed the newest entry fails instead of forking", async () => {
    const { sql, userId } = await privateDb();
    await addSignal(sql, userId);
    const stale = sql.begin("isolation level repeatable read", async (tx) => {
      await tx`select count(*) from signal_ledger`; // takes the snapshot now
      await addSignal(tx, userId);
      await addSignal(sql, userId); // committed elsewhere, invisible to this snapshot
    });
    await expect(stale).rejects.toThrow(/signal_ledger_prev_hash_key|could not serialize/);
    expect((await entries(sql)).length).toBe(2);
    expect((await verifyLedger(sql)).findings).toEqual([]);
  });

  test("daily roots: the last entry of each UTC day, paged by days; a proof runs to its day's root", async () => {
    const { sql, userId } = await privateDb();
    for (let i = 0; i < 5; i++) await addSignal(sql, userId, i % 2 ? NO_TRADE : {});
    const stored = await entries(sql);
    // Commit times moved to three past days (2 + 2 + 1 entries); created_at is not hashed, so the chain stays valid.
    await unguarded(sql);
    const days = ["2024-06-01", "2024-06-01", "2024-06-03", "2024-06-03", "2024-06-20"];
    for (const [i, e] of stored.entries()) await sql`update signal_ledger set created_at = ${`${days[i]}T10:00:0${i}Z`} where seq = ${e.seq}`;
    const all = await ledgerRoots(sql, { before: "2024-07-01", days: 30 });
    const treeOf = (...hashes: string[]) => {
      const tree = new DayTree();
      tree.append(hashes);
      return tree;
    };
    expect(all.items.map((r) => [r.day, r.entries, r.root_hash, r.merkle_root, r.final])).toEqual([
      ["2024-06-20", 1, stored[4].entry_hash, treeOf(stored[4].entry_hash).root(), true],
      ["2024-06-03", 2, stored[3].entry_hash, treeOf(stored[2].entry_hash, stored[3].entry_hash).root(), true],
      ["2024-06-01", 2, stored[1].entry_hash, treeOf(stored[0].entry_hash, stored[1].entry_hash).root(), true],
    ]);
    expect(all.next_before).toBeNull();
    const page = await ledgerRoots(sql, { before: "2024-06-20", days: 17 });
    expect(page.items.map((r) => r.day)).toEqual(["2024-06-03"]);
    expect(page.next_before).toBe("2024-06-02");
    const proof = (await ledgerProof(sql, stored[2].signal_id))!;
    const june3 = all.items[1].merkle_root;
    expect(proof).toMatchObject({
      day: "2024-06-03",
      root: { hash: june3, chain_head: stored[3].entry_hash, last_seq: stored[3].seq, final: true, entries: 2 },
      entry: { index: 0 },
      path: [treeOf(stored[3].entry_hash).root()],
    });
    expect(await checkProof(proof)).toEqual({ ok: true, root: june3 });
    expect(await ledgerProof(sql, 424242)).toBeNull();
  });
});
