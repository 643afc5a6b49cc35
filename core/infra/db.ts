// Postgres access shared by server, engine and scripts: one pool per process, plain SQL, snake_case rows.
import postgres from "postgres";
import { hostname } from "node:os";

/** Names this process's connections in pg_stat_activity (the metrics read its pool from there; so can an operator). */
export const PG_APPLICATION_NAME = `tradewind ${hostname()}:${process.pid}`.slice(0, 63);

// biome-ignore lint/complexity/noBannedTypes: postgres.js's own "no custom types" parameter
export type Sql = postgres.Sql<{}>;
// biome-ignore lint/complexity/noBannedTypes: as above
export type Tx = postgres.TransactionSql<{}>;

export function createSql(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    // Seconds: an unreachable database fails a request (503) instead of holding it for postgres.js's default 30 s.
    connect_timeout: 5,
    // Seconds before a closed connection dials again. postgres.js grows this to 20 s after repeated failures, and a
    // request handed to that connection waits it out: during and after a database restart that is a hang, not a 503.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    onnotice: () => {},
    // bigint ids/counts and numeric money-like values come back as JS numbers: ids never approach 2^53
    // and prices are stored with at most 12 significant digits.
    types: {
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
      numeric: { to: 1700, from: [1700], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
    transform: { undefined: null },
    connection: { application_name: PG_APPLICATION_NAME },
  });
}

/**
 * The rows of `query` as Postgres renders them in JSON, one text per row: for the long polled lists, where decoding
 * every column of every row (a string per value, a Date per timestamp) was the larger part of a first read's CPU.
 * Timestamps arrive as ISO 8601 strings, numeric and bigint as JSON numbers (as the pool's own parsers give them),
 * jsonb as its value.
 */
export async function jsonRows<T>(sql: Sql, query: postgres.PendingQuery<postgres.Row[]>): Promise<T[]> {
  const rows = await sql<{ j: string }[]>`select row_to_json(t)::text as j from (${query}) t`;
  return rows.map((r) => JSON.parse(r.j) as T);
}

/**
 * One page of a newest-first list (`page` selects rows with created_at and id, ordered and limited) and the count of
 * every row its filters match (`count` selects one `total`), in one round trip: the count's single row left-joined to
 * the page, so an empty page still carries it. Polled on every dashboard's first load, where the second round trip per
 * list was a fifth of the statements. `json`: rows as Postgres renders them (see jsonRows); otherwise decoded columns.
 */
export async function pageWithTotal<T extends postgres.Row>(
  sql: Sql,
  page: postgres.PendingQuery<T[]> | postgres.PendingQuery<postgres.Row[]>,
  count: postgres.PendingQuery<postgres.Row[]>,
  { json = false } = {},
): Promise<{ rows: T[]; total: number }> {
  if (json) {
    const result = await sql<{ total: number; j: string | null }[]>`
      select c.total, row_to_json(p)::text as j from (${count}) c left join lateral (${page}) p on true
      order by p.created_at desc, p.id desc`;
    // No row on the page: one row of the count with j null (a whole-row value of the missing side is null).
    return { total: result[0].total, rows: result.flatMap((r) => (r.j === null ? [] : [JSON.parse(r.j) as T])) };
  }
  const result = await sql<({ page_total: number } & postgres.Row)[]>`
    select c.total as page_total, p.* from (${count}) c left join lateral (${page}) p on true
    order by p.created_at desc, p.id desc`;
  const rows = result.filter((r) => r.id !== null).map(({ page_total: _, ...row }) => row as T);
  return { total: result[0].page_total, rows };
}
