// GET /api/signals/export.csv from real rows: only the caller's signals, outcome columns, quoting, filters, download headers.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testApp, testDeps, waitFor } from "../../../../test/helpers";
import { compressResponse } from "../../lib/compression";
import { seedSignal } from "../signals/testing";
import { EXPORT_COLUMNS } from "./service";

const app = testApp();
afterAll(() => closeTestDeps());

/** RFC 4180 reader for the test: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) cell += ch;
    else if (ch === ",") endCell();
    else if (ch === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  return rows;
}

const get = async (token: string, query = "") => {
  const res = await app.handle(new Request(`http://localhost/api/signals/export.csv${query}`, { headers: { authorization: `Bearer ${token}` } }));
  return { res, text: await res.text() };
};

describe("GET /api/signals/export.csv", () => {
  test("the caller's rows only, newest first, with outcome columns and download headers", async () => {
    const me = await createUser();
    const other = await createUser();
    // Issued at a replayed market moment three days before the wall clock's now.
    const old = await seedSignal(me.id, "BTCUSDT", "LONG", 3, { marketTimeMs: Date.parse("2025-03-04T10:00:00Z") });
    const none = await seedSignal(me.id, "ETHUSDT", "NO_TRADE", 1);
    const theirs = await seedSignal(other.id, "SOLUSDT", "SHORT", 0.5);
    await testDeps().sql`update signals set outcome = 'SL_HIT', outcome_at = now(), r_multiple = -1.0123, is_active = false,
                   outcome_market_ms = market_time_ms + 5 * 3600000 where id = ${old.signalId}`;

    const { res, text } = await get(me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="tradewind-signals-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([none.signalId, old.signalId]);
    expect(text).not.toContain("SOLUSDT");
    const col = (r: string[], name: (typeof EXPORT_COLUMNS)[number]) => r[EXPORT_COLUMNS.indexOf(name)];
    const [noTrade, long] = rows.slice(1);
    expect([col(long, "symbol"), col(long, "type"), col(long, "entry"), col(long, "take_profit"), col(long, "stop_loss")]).toEqual([
      "BTCUSDT",
      "LONG",
      "100",
      "110",
      "95",
    ]);
    expect([col(long, "outcome"), col(long, "r_multiple"), col(long, "credit"), col(long, "confidence_pct")]).toEqual([
      "SL_HIT",
      "-1.0123",
      "used",
      "55",
    ]);
    // Issue and exit are dated on the market clock, not on the day the rows were written.
    expect([col(long, "issued_at_utc"), col(long, "outcome_at_utc")]).toEqual(["2025-03-04T10:00:00.000Z", "2025-03-04T15:00:00.000Z"]);
    expect(col(noTrade, "outcome_at_utc")).toBe("");
    expect([col(noTrade, "type"), col(noTrade, "outcome"), col(noTrade, "entry"), col(noTrade, "credit")]).toEqual(["NO_TRADE", "", "", "refunded"]);
    // The other user's export has only their row.
    const theirsCsv = parseCsv((await get(other.token)).text);
    expect(theirsCsv.slice(1).map((r) => Number(r[0]))).toEqual([theirs.signalId]);
  });

  test("text cells are quoted and formula-safe", async () => {
    const me = await createUser();
    const s = await seedSignal(me.id, "XRPUSDT", "SHORT", 0.2);
    const reasoning = '=HYPERLINK("http://evil") says "sell", then\nwait';
    await testDeps().sql`update signals set reasoning = ${reasoning} where id = ${s.signalId}`;
    const { text } = await get(me.token);
    expect(text).toContain('"\'=HYPERLINK(""http://evil"") says ""sell"", then\nwait"');
    const [, row] = parseCsv(text);
    expect(row[EXPORT_COLUMNS.indexOf("reasoning")]).toBe(`'${reasoning}`);
    expect(row).toHaveLength(EXPORT_COLUMNS.length);
  });

  test("the dashboard's filters apply; a bad filter is a 400 JSON", async () => {
    const me = await createUser();
    const btc = await seedSignal(me.id, "BTCUSDT", "LONG", 10);
    const eth = await seedSignal(me.id, "ETHUSDT", "SHORT", 0.1);
    const ids = async (q: string) =>
      parseCsv((await get(me.token, q)).text)
        .slice(1)
        .map((r) => Number(r[0]));
    expect(await ids("?symbol=btc")).toEqual([btc.signalId]);
    expect(await ids("?type=SHORT")).toEqual([eth.signalId]);
    expect(await ids("?range=24h")).toEqual([eth.signalId]);
    expect(await ids("?range=all&type=ALL")).toEqual([eth.signalId, btc.signalId]);
    const bad = await call(app, "GET", "/api/signals/export.csv?range=1y", { token: me.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "bad_request" });
  });

  test("signed out: 401; the signal route still answers by id", async () => {
    expect((await call(app, "GET", "/api/signals/export.csv")).status).toBe(401);
    const me = await createUser();
    const s = await seedSignal(me.id, "BTCUSDT", "LONG", 1);
    expect((await call(app, "GET", `/api/signals/${s.signalId}`, { token: me.token })).body.id).toBe(s.signalId);
  });
});

describe("export limits and streaming", () => {
  /** Many signals at once (one statement), for exports bigger than a batch. */
  async function manySignals(userId: number, n: number) {
    await testDeps().sql`
      with r as (
        insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms)
        select ${userId}, 'BTCUSDT', 'COMPLETED', 3, 100, 'RELEASED', 1717200000000 from generate_series(1, ${n}) returning id)
      insert into signals (user_id, request_id, symbol, type, confidence, timeframe, entry_timing, reasoning, no_trade, is_active, market_time_ms)
      select ${userId}, id, 'BTCUSDT', 'NO_TRADE', 0.55, '1h', 'Now', 'seeded', true, false, 1717200000000 from r`;
  }
  const open = (token: string) =>
    app.handle(new Request("http://localhost/api/signals/export.csv", { headers: { authorization: `Bearer ${token}` } }));

  test("the file is streamed in batches, and through gzip too, never built whole", async () => {
    const me = await createUser();
    await manySignals(me.id, 1200);
    const res = await open(me.token);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let chunks = 0;
    let text = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      chunks++;
      text += new TextDecoder().decode(r.value);
    }
    // The header, then 500 + 500 + 200 rows: one chunk each.
    expect(chunks).toBe(4);
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(1201);
    const zipped = await compressResponse(new Request("http://localhost/x", { headers: { "accept-encoding": "gzip" } }), await open(me.token));
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())))).toBe(text);
  });

  test("one export per trader at a time, 5 a minute; 429 with a JSON detail beyond", async () => {
    const me = await createUser();
    await manySignals(me.id, 1200);
    const first = await open(me.token);
    expect(first.status).toBe(200);
    // The first is still being read: a second one waits.
    const second = await open(me.token);
    expect(second.status).toBe(429);
    expect((await second.json()).detail).toBeString();
    await first.text();
    const { redis, keys } = testDeps();
    await waitFor(async () => (await redis.exists(keys.key(`signal-export:${me.id}`))) === 0, 5000, "the lock released after the first export");
    expect((await get(me.token)).res.status).toBe(200);
    // Three exports used (the refused one counts too): two more, then 429.
    for (let i = 0; i < 2; i++) expect((await get(me.token)).res.status).toBe(200);
    expect((await get(me.token)).res.status).toBe(429);
  });
});
