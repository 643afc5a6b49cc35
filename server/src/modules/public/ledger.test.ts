// /api/public/ledger: daily roots, and inclusion proofs that recompute to the published root with no user data in them.
import { afterAll, describe, expect, test } from "bun:test";
import { checkProof, type LedgerProof } from "@core/ledger/ledger-chain";
import { call, closeTestDeps, createUser, testApp, testDeps } from "../../../../test/helpers";
import { seedSignal } from "../signals/testing";
import { Elysia } from "elysia";
import { errorsPlugin } from "../../lib/errors-plugin";
import { PROOF_POINTS_PER_MINUTE, publicModule } from "./index";

const app = testApp();
const { sql } = testDeps();
afterAll(() => closeTestDeps());

const today = () => new Date().toISOString().slice(0, 10);

describe("/api/public/ledger", () => {
  test("a proof recomputes to the day's published Merkle root; later signals move the root", async () => {
    const u = await createUser();
    const a = await seedSignal(u.id, "BTCUSDT", "LONG", 3);
    const b = await seedSignal(u.id, "ETHUSDT", "NO_TRADE", 0);
    const res = await call(app, "GET", `/api/public/ledger/proof/${a.signalId}`);
    expect(res.status).toBe(200);
    const proof = res.body as LedgerProof;
    // The ledger dates an entry by its commit, not by the signal's (backdated) created_at.
    expect(proof.day).toBe(today());
    expect(proof.root.last_seq).toBeGreaterThan(proof.entry.seq);
    const check = await checkProof(proof);
    expect(check).toEqual({ ok: true, root: proof.root.hash });
    const roots = await call(app, "GET", "/api/public/ledger/roots");
    expect(roots.status).toBe(200);
    expect(roots.body.items[0]).toEqual({
      day: today(),
      root_hash: proof.root.chain_head,
      merkle_root: proof.root.hash,
      entries: proof.root.entries,
      signals: expect.any(Number),
      last_seq: proof.root.last_seq,
      final: false,
    });
    // The day's signals are its LONG and SHORT entries, as stored; a No Trade is an entry but no signal (issue 33 §7).
    const stored = async () =>
      (
        await sql`select count(*)::int as n from signal_ledger where (created_at at time zone 'UTC')::date = ${today()}::date
                  and canonical::jsonb ->> 'type' in ('LONG', 'SHORT')`
      )[0].n;
    const before = roots.body.items[0];
    expect(before.signals).toBe(await stored());
    expect(before.signals).toBeLessThan(before.entries);
    await seedSignal(u.id, "XRPUSDT", "NO_TRADE", 0);
    const afterNoTrade = (await call(app, "GET", "/api/public/ledger/roots")).body.items[0];
    expect([afterNoTrade.entries, afterNoTrade.signals]).toEqual([before.entries + 1, before.signals]);
    await seedSignal(u.id, "SOLUSDT", "SHORT", 0);
    const afterShort = (await call(app, "GET", "/api/public/ledger/roots")).body.items[0];
    expect([afterShort.entries, afterShort.signals]).toEqual([before.entries + 2, before.signals + 1]);
    const again = (await call(app, "GET", `/api/public/ledger/proof/${b.signalId}`)).body as LedgerProof;
    expect(again.root.entries).toBe(proof.root.entries + 2);
    expect((await checkProof(again)).ok).toBe(true);
    expect((await call(app, "GET", "/api/public/ledger/roots")).body.items[0].merkle_root).toBe(again.root.hash);
    expect(again.root.hash).not.toBe(proof.root.hash);
  });

  test("an open trade's fields are withheld; a closed or NO_TRADE signal's are disclosed, its buyer only as a salted hash", async () => {
    const u = await createUser();
    const open = await seedSignal(u.id, "BTCUSDT", "LONG", 0);
    const none = await seedSignal(u.id, "XRPUSDT", "NO_TRADE", 0);
    const proofOf = async (id: number) => (await call(app, "GET", `/api/public/ledger/proof/${id}`)).body as LedgerProof;
    expect((await proofOf(open.signalId)).entry.canonical).toBeNull();
    const disclosed = JSON.parse((await proofOf(none.signalId)).entry.canonical!);
    expect(disclosed).toMatchObject({ signal_id: none.signalId, symbol: "XRPUSDT", type: "NO_TRADE", entry_price: null });
    expect(disclosed.user).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(disclosed)).not.toContain(u.email);
    await sql`update signals set outcome = 'SL_HIT', r_multiple = -1, is_active = false where id = ${open.signalId}`;
    const closed = await proofOf(open.signalId);
    expect(JSON.parse(closed.entry.canonical!)).toMatchObject({ signal_id: open.signalId, type: "LONG", entry_price: 100, stop_loss: 95 });
    expect((await checkProof(closed)).ok).toBe(true);
  });

  test("unknown or malformed ids are 404 with a code; bad pages are 400", async () => {
    for (const id of ["999999999", "abc", "1e3"]) {
      const res = await call(app, "GET", `/api/public/ledger/proof/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "No ledger entry for this signal", code: "ledger_entry_not_found" });
    }
    for (const before of ["2024-02-30", "yesterday", "1969-12-31"]) {
      const res = await call(app, "GET", `/api/public/ledger/roots?before=${before}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("invalid_date");
    }
    expect((await call(app, "GET", "/api/public/ledger/roots?limit=0")).status).toBe(400);
    // Days before today only: today's running root is left out.
    const past = await call(app, "GET", `/api/public/ledger/roots?before=${today()}&limit=5`);
    expect(past.status).toBe(200);
    expect(past.body.items.every((r: { day: string; final: boolean }) => r.day < today() && r.final)).toBe(true);
  });
});

describe("proof size (issue 31, item 11)", () => {
  test("a proof is a Merkle path of at most ⌈log2 n⌉ hashes for the day's n entries, whichever entry it proves", async () => {
    const u = await createUser();
    const first = await seedSignal(u.id, "BTCUSDT", "NO_TRADE", 0);
    for (let i = 0; i < 40; i++) await seedSignal(u.id, "ETHUSDT", "NO_TRADE", 0);
    const res = await call(app, "GET", `/api/public/ledger/proof/${first.signalId}`);
    expect(res.status).toBe(200);
    const proof = res.body as LedgerProof;
    expect(proof.root.entries).toBeGreaterThanOrEqual(41);
    expect(proof.path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(proof.root.entries)));
    expect(await checkProof(proof)).toEqual({ ok: true, root: proof.root.hash });
    // The whole answer stays small: no list of the day's later entries.
    expect(JSON.stringify(res.body).length).toBeLessThan(3_000);
  });

  test("every proof costs one point of an address's minute, however busy its day", async () => {
    const deps = testDeps();
    const limited = new Elysia().use(errorsPlugin(deps.log)).use(publicModule({ ...deps, config: { ...deps.config, TRUSTED_PROXY: "127.0.0.1" } }));
    const u = await createUser();
    const first = await seedSignal(u.id, "BTCUSDT", "NO_TRADE", 0);
    const from = (ip: string) => call(limited, "GET", `/api/public/ledger/proof/${first.signalId}`, { headers: { "x-forwarded-for": ip } });
    const statuses: number[] = [];
    for (let i = 0; i < PROOF_POINTS_PER_MINUTE + 2; i++) statuses.push((await from("10.77.0.1")).status);
    expect(statuses.slice(0, PROOF_POINTS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    const refused = await from("10.77.0.1");
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: "rate_limited" });
    expect((await from("10.77.0.2")).status).toBe(200);
  });
});
