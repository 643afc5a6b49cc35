// The zero-config database `bun dev` gives a newcomer: many connections at once, each with its own prepared
// (extended-protocol) queries, must each get only their own answers (issue 24, item 1).
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { ensureInfra, type Infra } from "./infra";

let infra: Infra;
beforeAll(async () => {
  // No DATABASE_URL / REDIS_URL: exactly the embedded default of `bun dev`, kept in a throwaway directory.
  infra = await ensureInfra({}, { ephemeral: true });
}, 120_000);
afterAll(() => infra?.stop());

const CLIENTS = 16;
const ROUNDS = 25;
const PIPELINED = 4;

test("the embedded default answers many concurrent clients each with only its own rows", async () => {
  expect(infra.embeddedDb).toBe(true);
  const setup = postgres(infra.databaseUrl, { max: 1, onnotice: () => {} });
  await setup`create table owned_rows (owner int not null, n int not null)`;
  await setup`insert into owned_rows select o, n from generate_series(1, ${CLIENTS}) o, generate_series(1, o) n`;
  await setup.end();

  // One connection per client, as separate server processes hold. Every query goes Parse/Bind/Execute/Sync, half of
  // the clients with named statements and half with the unnamed one, and each pipelines several at a time.
  const clients = Array.from({ length: CLIENTS }, (_, i) => postgres(infra.databaseUrl, { max: 1, prepare: i % 2 === 0 }));
  const wrong: string[] = [];
  try {
    await Promise.all(
      clients.map(async (sql, i) => {
        const owner = i + 1;
        for (let round = 0; round < ROUNDS; round++) {
          const answers = await Promise.all(
            Array.from({ length: PIPELINED }, () =>
              // Each client's statement text is its own, so a statement or portal answered to the wrong client shows.
              sql.unsafe<{ owner: number; n: number }[]>(`select owner, n from owned_rows where owner = ${owner} and n >= $1 order by n`, [0]).then(
                (rows) => rows,
                (err: Error) => err,
              ),
            ),
          );
          for (const rows of answers) {
            if (rows instanceof Error) wrong.push(`client ${owner} round ${round}: ${rows.message}`);
            else if (rows.length !== owner || rows.some((r) => r.owner !== owner)) {
              wrong.push(`client ${owner} round ${round}: ${rows.length} rows of owners ${[...new Set(rows.map((r) => r.owner))].join(",")}`);
            }
          }
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end({ timeout: 5 })));
  }
  expect(wrong).toEqual([]);
}, 120_000);
