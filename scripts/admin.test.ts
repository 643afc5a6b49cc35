// Operator CLI commands against the test database: grants through the ledger, block/unblock with session revocation.
import { afterAll, describe, expect, test } from "bun:test";
import { closeTestDeps, createUser, testDeps } from "../test/helpers";
import { AdminError, runAdmin } from "./admin";

afterAll(() => closeTestDeps());
const sql = () => testDeps().sql;

describe("admin CLI", () => {
  test("grant-credits adds credits with a GRANT ledger row", async () => {
    const user = await createUser({ credits: 1 });
    const out = await runAdmin(sql(), ["grant-credits", user.email.toUpperCase(), "5"]);
    expect(out).toBe(`Granted 5 credit(s) to ${user.email}; balance is now 6.`);
    const rows = await sql()`select kind, amount, balance_after, note from credit_ledger where user_id = ${user.id} order by id`;
    expect(rows.at(-1)).toEqual({ kind: "GRANT", amount: 5, balance_after: 6, note: "Granted by operator" });
  });

  test("bad input is an AdminError with a clear message", async () => {
    const user = await createUser();
    await expect(runAdmin(sql(), ["grant-credits", user.email, "-3"])).rejects.toThrow("n must be a whole number from 1 to 100000");
    await expect(runAdmin(sql(), ["grant-credits", "nobody@example.test", "3"])).rejects.toThrow("No user with e-mail nobody@example.test");
    await expect(runAdmin(sql(), ["frobnicate"])).rejects.toBeInstanceOf(AdminError);
  });

  test("block ends every session; unblock lifts it", async () => {
    const user = await createUser();
    const [s] = await sql()`
      insert into login_sessions (user_id, device_id, status, verified, expires_at)
      values (${user.id}, 'd1', 'active', true, now() + interval '1 hour') returning id`;
    expect(await runAdmin(sql(), ["block", user.email])).toBe(`Blocked ${user.email}; ended 1 session(s).`);
    const [after] = await sql()`select u.is_blocked, s.status from users u join login_sessions s on s.user_id = u.id where s.id = ${s.id}`;
    expect(after).toEqual({ is_blocked: true, status: "revoked" });
    expect(await runAdmin(sql(), ["unblock", user.email])).toBe(`Unblocked ${user.email}.`);
    const [u] = await sql()`select is_blocked from users where id = ${user.id}`;
    expect(u.is_blocked).toBe(false);
  });
});
