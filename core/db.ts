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
