// Operator CLI: `bun run admin -- grant-credits <email> <n> | block <email> | unblock <email> | reconcile | verify-ledger [id] | anchor-ledger <file> | load-test-tokens …` against the app's database.
import { recordCheckRun, type ScheduledCheck } from "@core/infra/metrics-collect";
import { applyCreditChange } from "@core/ledger/credits";
import { createSql, type Sql } from "@core/infra/db";
import { migrate } from "@core/infra/migrate";
import { normalizeEmail } from "@core/rules/accounts";
import { revokeUserSessions } from "../server/src/modules/sessions/service";
import { publishRevoked } from "../server/src/modules/sessions/revocations";
import type Redis from "ioredis";
import { createRedis, redisKeys, type RedisKeys } from "@core/infra/redis";
import { signAccessToken } from "../server/src/lib/auth";
import { maxDurationMs } from "@core/queues/analysis-queue";
import { reconcile } from "./reconcile";
import type Stripe from "stripe";
import { stripeFor } from "../server/src/modules/billing/stripe-client";
import { ledgerProof, verifyLedger } from "@core/ledger/ledger";
import { checkProof } from "@core/ledger/ledger-chain";
import { anchorLedger, checkAnchors } from "./ledger-anchors";

export const USAGE = `Usage:
  bun run admin -- grant-credits <email> <n>   add n credits (ledger GRANT)
  bun run admin -- block <email>               block the account and end its sessions
  bun run admin -- unblock <email>             allow the account to sign in again
  bun run admin -- reconcile                   check the books: balances equal ledgers, every analysis settled once,
                                               every paid purchase credited once, every refund hold,
                                               refund and dispute removed what it owes (with Stripe
                                               configured: held to Stripe's own refunds and disputes)
  bun run admin -- verify-ledger [signal-id] (--anchors <file> | --no-anchors)
                                               recompute the signal ledger's hash chain against the stored signals and
                                               hold its roots to the signed anchors (LEDGER_ANCHOR_PUBLIC_KEY); with an
                                               id, also prove that signal's inclusion in its day's Merkle root;
                                               --no-anchors checks internal consistency only (an owner's rewrite that
                                               re-chains passes it), and says so
  bun run admin -- anchor-ledger <file>        append a signed anchor of each day's current root to <file>
                                               (Ed25519, LEDGER_ANCHOR_PRIVATE_KEY, a PEM the database never holds)
  bun run admin -- load-test-tokens <n> <file> [minutes]
                                               n load-test accounts (loadtest-<i>@load.test, no usable password)
                                               and an access token each, valid [60] minutes, as a JSON array for k6`;

/** Load-test accounts: created once, reused by later runs; their password is random and thrown away. */
export async function ensureLoadTestUsers(sql: Sql, n: number, credits = 10): Promise<number[]> {
  const hash = await Bun.password.hash(crypto.randomUUID(), { algorithm: "argon2id" });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const email = `loadtest-${i}@load.test`;
    const [user] = await sql`
      insert into users (email, password_hash, first_name, last_name, credits) values (${email}, ${hash}, 'Load', ${`Test ${i}`}, 0)
      on conflict ((lower(email))) do update set email = excluded.email
      returning id, credits, (xmax = 0) as created`;
    // New accounts get their credits through the ledger, like every other change of a balance.
    if (user.created && credits > 0) {
      await sql.begin((tx) =>
        applyCreditChange(tx, { userId: user.id, kind: "GRANT", amount: credits, referenceType: "admin", note: "Load-test account" }),
      );
    }
    ids.push(user.id as number);
  }
  return ids;
}

export class AdminError extends Error {}
/** A check found problems (exit code 1, the list on stderr). */
class FindingsError extends Error {
  constructor(
    message: string,
    readonly findings: number,
  ) {
    super(message);
  }
}
/** The books do not balance. */
export class ReconcileError extends FindingsError {}
/** The signal ledger does not verify: something stored was edited, deleted or rewritten. */
export class LedgerError extends FindingsError {}

/**
 * Runs a scheduled check and records its result for the engines' metrics (the alerts read them): ok, findings, or
 * error when it could not finish. A wrong invocation (AdminError) is no run. When the database itself is
 * unreachable nothing can be recorded: the missing success is what the "not run" alert sees.
 */
async function recorded(sql: Sql, check: ScheduledCheck, run: () => Promise<string>): Promise<string> {
  let out: string;
  try {
    out = await run();
  } catch (err) {
    if (err instanceof AdminError) throw err;
    const result = err instanceof FindingsError ? "findings" : "error";
    await recordCheckRun(sql, check, result, err instanceof FindingsError ? err.findings : 0).catch(() => {});
    throw err;
  }
  await recordCheckRun(sql, check, "ok", 0);
  return out;
}

type AnchorKeys = { anchorPrivateKey?: string; anchorPublicKey?: string };

/** What `--no-anchors` prints: the check it made is not the one that catches a rewrite by the table's owner. */
export const INTERNAL_ONLY =
  "Internal consistency only (--no-anchors): a rewrite by the ledger table's owner that recomputes the chain passes this check; only --anchors <file> catches it.";

/** The flags of `verify-ledger`: the anchors file, or the explicit choice to go without; the signal id if any. */
function verifyLedgerArgs(args: string[], keys: AnchorKeys) {
  const at = args.indexOf("--anchors");
  const noAnchors = args.includes("--no-anchors");
  const anchorsFile = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && noAnchors) throw new AdminError("verify-ledger takes --anchors <file> or --no-anchors, not both");
  if (at >= 0 && (!anchorsFile || !keys.anchorPublicKey)) throw new AdminError("--anchors needs a file and LEDGER_ANCHOR_PUBLIC_KEY (PEM)");
  // Without anchors a consistent rewrite passes: calling that "sound" must be a choice made on the command line.
  if (at < 0 && !noAnchors)
    throw new AdminError(
      "verify-ledger needs --anchors <file> (with LEDGER_ANCHOR_PUBLIC_KEY) to call the ledger sound; --no-anchors checks internal consistency only",
    );
  const rawId = args.filter((a, i) => a !== "--no-anchors" && (at < 0 || (i !== at && i !== at + 1)))[0];
  if (rawId !== undefined && !/^\d{1,15}$/.test(rawId)) throw new AdminError(`signal-id must be a whole number (got ${JSON.stringify(rawId)})`);
  return { anchorsFile, rawId };
}

/** One signal's Merkle proof, recomputed as the browser does: the line to print, or the problem. */
async function proveSignal(sql: Sql, rawId: string): Promise<{ line?: string; problem?: string }> {
  const proof = await ledgerProof(sql, Number(rawId));
  if (!proof) throw new AdminError(`No ledger entry for signal ${rawId}`);
  const check = await checkProof(proof);
  if (!check.ok) return { problem: `  proof_failed: signal ${rawId}: ${check.reason}` };
  const day = proof.root.final ? `the ${proof.day} Merkle root` : `the ${proof.day} Merkle root so far`;
  return {
    line: `Signal ${rawId}: entry #${proof.entry.seq}, included in ${day} ${check.root} (a path of ${proof.path.length} hash(es) for ${proof.root.entries} entries).`,
  };
}

/** `verify-ledger [signal-id] (--anchors <file> | --no-anchors)`: the whole chain, the anchors, one signal's proof when asked. */
async function verifyLedgerCommand(sql: Sql, args: string[], keys: AnchorKeys): Promise<string> {
  const { anchorsFile, rawId } = verifyLedgerArgs(args, keys);
  const report = await verifyLedger(sql);
  const problems = report.findings.map((f) => `  ${f.kind}: ${f.detail}`);
  const lines = [`Ledger: ${report.entries} entries recomputed; head ${report.head}.`];
  if (rawId !== undefined) {
    const proved = await proveSignal(sql, rawId);
    if (proved.line) lines.push(proved.line);
    if (proved.problem) problems.push(proved.problem);
  }
  if (anchorsFile && keys.anchorPublicKey) {
    const held = await checkAnchors(sql, anchorsFile, keys.anchorPublicKey);
    problems.push(...held.problems);
    lines.push(`Anchors: ${held.anchors} checked against ${anchorsFile}.`);
  } else lines.push(INTERNAL_ONLY);
  if (problems.length)
    throw new LedgerError(
      `Ledger verification found ${problems.length} problem(s) over ${report.entries} entries:\n${problems.join("\n")}`,
      problems.length,
    );
  return lines.join("\n");
}

async function findUser(sql: Sql, email: string) {
  const [user] = await sql`select id, email, credits, is_blocked from users where lower(email) = ${normalizeEmail(email)}`;
  if (!user) throw new AdminError(`No user with e-mail ${email}`);
  return user as { id: number; email: string; credits: number; is_blocked: boolean };
}

/** Runs one command and returns the line to print; bad input throws AdminError (exit code 2). */
export async function runAdmin(
  sql: Sql,
  args: string[],
  ctx: { jwtSecret?: string; maxHeldMs?: number; redis?: { redis: Redis; keys: RedisKeys }; stripe?: Stripe | null } & AnchorKeys = {},
): Promise<string> {
  const [command, email, amount] = args;
  switch (command) {
    case "load-test-tokens": {
      const [, countRaw, file, minutesRaw = "60"] = args;
      if (!countRaw || !file) throw new AdminError(USAGE);
      if (!/^\d+$/.test(countRaw) || Number(countRaw) < 1 || Number(countRaw) > 10_000) {
        throw new AdminError(`n must be a whole number from 1 to 10000 (got ${JSON.stringify(countRaw)})`);
      }
      if (!/^\d+$/.test(minutesRaw) || Number(minutesRaw) < 1 || Number(minutesRaw) > 24 * 60) {
        throw new AdminError(`minutes must be a whole number from 1 to 1440 (got ${JSON.stringify(minutesRaw)})`);
      }
      if (!ctx.jwtSecret) throw new AdminError("load-test-tokens needs the server's JWT_SECRET");
      const ids = await ensureLoadTestUsers(sql, Number(countRaw));
      const seconds = Number(minutesRaw) * 60;
      // Each token belongs to a real login session (revocable, listed, expiring with the token): no session-less tokens.
      const sessions = await sql<{ id: number; user_id: number }[]>`
        insert into login_sessions (user_id, device_id, device_name, status, verified, expires_at)
        select id, 'load-test', 'Load test (k6)', 'active', true, now() + make_interval(secs => ${seconds})
        from unnest(${sql.array(ids)}::bigint[]) as id
        returning id, user_id`;
      const byUser = new Map(sessions.map((r) => [Number(r.user_id), Number(r.id)]));
      const tokens = await Promise.all(ids.map((userId) => signAccessToken(ctx.jwtSecret!, { userId, sessionId: byUser.get(userId)! }, seconds)));
      await Bun.write(file, JSON.stringify(tokens));
      return `Wrote ${tokens.length} access token(s), valid ${minutesRaw} minute(s), to ${file}.`;
    }
    case "grant-credits": {
      if (!email || amount === undefined) throw new AdminError(USAGE);
      if (!/^\d+$/.test(amount) || Number(amount) < 1 || Number(amount) > 100_000) {
        throw new AdminError(`n must be a whole number from 1 to 100000 (got ${JSON.stringify(amount)})`);
      }
      const user = await findUser(sql, email);
      const result = await sql.begin((tx) =>
        applyCreditChange(tx, { userId: user.id, kind: "GRANT", amount: Number(amount), referenceType: "admin", note: "Granted by operator" }),
      );
      return `Granted ${amount} credit(s) to ${user.email}; balance is now ${result?.balance}.`;
    }
    case "block": {
      if (!email) throw new AdminError(USAGE);
      const user = await findUser(sql, email);
      const ended = await sql.begin(async (tx) => {
        await tx`update users set is_blocked = true, updated_at = now() where id = ${user.id}`;
        return revokeUserSessions(tx, user.id, null);
      });
      // The servers keep live sessions in memory for up to 30 s: tell them, so the block takes effect at once.
      if (!ctx.redis)
        return `Blocked ${user.email}; ended ${ended} session(s). No Redis to tell the servers through: a running server may accept the account's tokens for up to 30 s.`;
      await publishRevoked(ctx.redis, [user.id]);
      return `Blocked ${user.email}; ended ${ended} session(s); the servers were told.`;
    }
    case "unblock": {
      if (!email) throw new AdminError(USAGE);
      const user = await findUser(sql, email);
      await sql`update users set is_blocked = false, updated_at = now() where id = ${user.id}`;
      return `Unblocked ${user.email}.`;
    }
    case "reconcile":
      return recorded(sql, "reconcile", async () => {
        const findings = await reconcile(sql, ctx.maxHeldMs ?? maxDurationMs({ ANALYSIS_PHASE_SECONDS: 50 }), { stripe: ctx.stripe });
        if (findings.length)
          throw new ReconcileError(
            `Reconcile found ${findings.length} problem(s):\n${findings.map((f) => `  ${f.kind}: ${f.detail}`).join("\n")}`,
            findings.length,
          );
        return "Reconcile: every balance equals its ledger; every analysis is settled exactly once; no stuck held credit; every paid purchase credited once and every refund removed once.";
      });
    case "verify-ledger":
      return recorded(sql, "verify-ledger", () => verifyLedgerCommand(sql, args.slice(1), ctx));
    case "anchor-ledger": {
      const file = args[1];
      if (!file || !ctx.anchorPrivateKey) throw new AdminError("anchor-ledger needs a file and LEDGER_ANCHOR_PRIVATE_KEY (PEM)");
      const added = await anchorLedger(sql, file, ctx.anchorPrivateKey);
      return `Anchored ${added.length} root(s) in ${file}${added.length ? `: ${added.map((a) => `${a.day} #${a.last_seq}`).join(", ")}` : ""}.`;
    }
    default:
      throw new AdminError(USAGE);
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (!args.length || args[0] === "--help" || args[0] === "-h") {
    console.log(USAGE);
    process.exit(args.length ? 0 : 2);
  }
  const { ensureInfra, runningDevServices } = await import("./infra");
  // The CLI needs Postgres only; a placeholder Redis URL stops ensureInfra from starting a redis-server for nothing.
  const infra = await ensureInfra({ ...process.env, REDIS_URL: process.env.REDIS_URL || "redis://unused" }, { reuseRunning: true });
  const sql = createSql(infra.databaseUrl, { max: 2 });
  let code = 0;
  try {
    await migrate(sql);
    const { loadConfig } = await import("@core/infra/config");
    const config =
      args[0] === "load-test-tokens" || args[0] === "reconcile"
        ? loadConfig({ ...process.env, DATABASE_URL: infra.databaseUrl, REDIS_URL: "redis://unused" })
        : null;
    // Only `block` talks to Redis: the deployment's (REDIS_URL) or, under `bun dev`, the private redis-server it
    // recorded in the data dir (its URL carries the generated password), so the servers drop the account at once.
    const redisUrl = args[0] === "block" ? process.env.REDIS_URL || (await runningDevServices())?.redisUrl : undefined;
    const redis = redisUrl ? createRedis(redisUrl) : null;
    try {
      const bus = redis ? { redis, keys: redisKeys(process.env.REDIS_PREFIX ?? "tw:") } : undefined;
      const anchorKeys = { anchorPrivateKey: process.env.LEDGER_ANCHOR_PRIVATE_KEY, anchorPublicKey: process.env.LEDGER_ANCHOR_PUBLIC_KEY };
      console.log(
        await runAdmin(sql, args, {
          jwtSecret: config?.JWT_SECRET,
          maxHeldMs: config ? maxDurationMs(config) : undefined,
          // With Stripe configured, reconcile also asks it about purchases still waiting after 5 minutes.
          stripe: config && args[0] === "reconcile" ? stripeFor(config) : null,
          redis: bus,
          ...anchorKeys,
        }),
      );
    } finally {
      await redis?.quit();
    }
  } catch (err) {
    console.error(
      err instanceof AdminError || err instanceof ReconcileError || err instanceof LedgerError
        ? err.message
        : `admin failed: ${(err as Error).message}`,
    );
    code = err instanceof AdminError ? 2 : 1;
  } finally {
    await sql.end({ timeout: 2 });
    await infra.stop();
  }
  process.exit(code);
}
