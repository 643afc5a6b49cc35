// Postgres access shared by server, engine and scripts: one pool per process, plain SQL, snake_case rows.
import postgres from "postgres";

export type Sql = postgres.Sql<{}>;
export type Tx = postgres.TransactionSql<{}>;

export function createSql(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // bigint ids/counts and numeric money-like values come back as JS numbers: ids never approach 2^53
    // and prices are stored with at most 12 significant digits.
    types: {
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
      numeric: { to: 1700, from: [1700], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
    transform: { undefined: null },
    connection: { application_name: "tradewind" },
  });
}
