// Process configuration: read once from the environment, validated with zod, one clear line per bad value.
import { z } from "zod";
import { GOVERNING_LAWS } from "../contract/legal";
import { trustedProxies } from "./trusted-proxy";
import { devVapidKeys } from "./vapid";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

/** Local state of `bun dev` (embedded Postgres, generated secrets); TW_DATA_DIR moves it (tests use a temp dir). */
export const DATA_DIR = process.env.TW_DATA_DIR || join(import.meta.dir, "..", "..", ".data");

const url = (protocols: string[], what: string) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `expected a ${what} URL (${protocols.map((p) => p + "//…").join(" or ")})`,
  );

const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `expected a whole number from ${min} to ${max}`);

const positiveNumber = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "expected a positive number")
  .transform(Number)
  .refine((n) => n > 0, "expected a positive number");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: intIn(1, 65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: url(["postgres:", "postgresql:"], "postgres"),
  // The owner connection migrations run under; set, the app's DATABASE_URL role gets grants, not ownership (no ledger rewrites).
  DATABASE_MIGRATE_URL: url(["postgres:", "postgresql:"], "postgres").optional(),
  REDIS_URL: url(["redis:", "rediss:"], "redis"),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]*$/, "expected letters, digits, ':', '.', '_' or '-'")
    .default("tw:"),
  MARKET_PROVIDER: z.enum(["replay", "binance"]).default("replay"),
  REPLAY_SPEED: positiveNumber.default(1),
  REPLAY_START: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), "expected an ISO date, e.g. 2024-06-01T00:00:00Z")
    .optional(),
  ANALYSIS_PHASE_SECONDS: positiveNumber.default(50),
  // A model version older than this (market days since its training data ends) issues no signals (README, Configuration).
  MODEL_MAX_AGE_DAYS: intIn(1, 3650).default(120),
  // The ingestion leader refits once the champion is this many market days old; 0 turns the refit off.
  MODEL_RETRAIN_DAYS: intIn(0, 3650).default(30),
  SMTP_URL: url(["smtp:", "smtps:"], "SMTP").optional(),
  MAIL_FROM: z.string().min(3).default("Tradewind <no-reply@tradewind.local>"),
  JWT_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
  PUBLIC_ORIGIN: url(["http:", "https:"], "http(s)").optional(),
  WS_MAX_PER_IP: intIn(1, 1_000_000).default(20),
  TRUSTED_PROXY: z
    .string()
    .refine((v) => {
      try {
        trustedProxies(v);
        return true;
      } catch {
        return false;
      }
    }, "expected comma-separated IP addresses or CIDR blocks, e.g. 172.28.0.10 or 10.0.0.0/8")
    .optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Set by `bun dev` and the test app only: mounts GET /api/dev/mailbox (loopback callers only).
  DEV_MAILBOX: z.enum(["0", "1"]).default("0"),
  LLM_BASE_URL: url(["http:", "https:"], "http(s)").optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  // The legal pages' operator details (spec 01: placeholders until the operator names them), shown when set.
  SUPPORT_EMAIL: z.string().trim().email("expected an e-mail address, e.g. support@example.com").optional(),
  ARBITRATION_ORGANISATION: z.string().trim().min(3).max(200).optional(),
  // Spec 01's Terms say "Governing law: Georgia", which names a country and a U.S. state: the operator says which. Only
  // the two readings of the spec's word are offered, so the Terms keep "the laws of Georgia" whichever is chosen.
  GOVERNING_LAW: z.enum(GOVERNING_LAWS).optional(),
  // Telegram alerts: off unless both the bot token and its username are set (README, Configuration).
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, "expected a Bot API token from @BotFather, e.g. 123456:ABC-DEF…")
    .optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .transform((v) => v.replace(/^@/, ""))
    .refine((v) => /^[A-Za-z]\w{3,31}$/.test(v), "expected the bot's username, e.g. TradewindAlertsBot")
    .optional(),
  TELEGRAM_API_URL: url(["http:", "https:"], "http(s)").default("https://api.telegram.org"),
  // Webhook retries: exponential from this base (6 attempts: base, 2×, 4×, 8×, 16×).
  WEBHOOK_BACKOFF_SECONDS: positiveNumber.default(30),
  // Lets webhooks reach loopback (a local receiver) outside production; every other private range stays refused.
  WEBHOOK_ALLOW_LOOPBACK: z.enum(["0", "1"]).default("0"),
  // Ports a webhook URL may name (web ports by default): not a POST cannon at a database or mail port.
  WEBHOOK_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, "expected comma-separated port numbers, e.g. 80,443,8080,8443")
    .default("80,443,8080,8443"),
  // Stripe Checkout for the credit packs: off unless the secret key and the webhook signing secret are both set.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "expected a Stripe secret key, e.g. sk_live_… or sk_test_…")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "expected the webhook endpoint's signing secret, e.g. whsec_…")
    .optional(),
  // Tests only: the local Stripe stand-in the SDK talks to instead of api.stripe.com.
  STRIPE_API_BASE: url(["http:", "https:"], "http(s)").optional(),
  // Stripe Tax computes and adds tax on the hosted checkout page.
  STRIPE_TAX: z.enum(["0", "1"]).default("0"),
  // Web Push (VAPID) key pair, base64url: required in production, generated into TW_DATA_DIR elsewhere (core/infra/vapid.ts).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, "expected a base64url P-256 public key (65 bytes, e.g. from `bunx web-push generate-vapid-keys`)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, "expected a base64url P-256 private key (32 bytes)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(v), "expected a mailto: address or an https: URL")
    .optional(),
  // Prometheus metrics: their own listener (off unless a port is given; loopback unless a host is), and/or a bearer
  // token, without which GET /metrics does not exist on the public port (core/infra/metrics-server.ts).
  METRICS_PORT: intIn(1, 65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,}$/, "expected at least 24 printable characters without spaces")
    .optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, "JWT_SECRET" | "PUBLIC_ORIGIN" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT"> & {
  JWT_SECRET: string;
  PUBLIC_ORIGIN: string;
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

const SECRET_VARIABLES = new Set([
  "JWT_SECRET",
  "LLM_API_KEY",
  "TELEGRAM_BOT_TOKEN",
  "VAPID_PRIVATE_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "METRICS_TOKEN",
]);

/** What an error message may quote of a value: never a secret, never a password inside a URL. */
function shown(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return `<${value.length} characters, hidden>`;
  return value.replace(/^([a-z][\w+.-]*:\/\/[^:/@]*):[^@/]*@/i, "$1:***@");
}

/** Parse an environment object; throws ConfigError whose message has one line per bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset" so `PORT= bun dev` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "config");
      const got = cleaned[name];
      const message = issue.code === "invalid_type" && got === undefined ? "is required" : issue.message;
      return `Invalid configuration: ${name} ${message}${got !== undefined ? ` (got ${JSON.stringify(shown(name, got))})` : ""}`;
    });
    throw new ConfigError(lines.join("\n"));
  }
  const c = result.data;
  const isProduction = c.NODE_ENV === "production";
  let jwtSecret = c.JWT_SECRET;
  if (!jwtSecret) {
    if (isProduction) throw new ConfigError("Invalid configuration: JWT_SECRET is required in production (32+ characters)");
    jwtSecret = devSecret("jwt-secret");
  }
  // Codes and reset links must leave by mail in production, never sit in a table or a log.
  if (isProduction && !c.SMTP_URL)
    throw new ConfigError("Invalid configuration: SMTP_URL is required in production (sign-in codes and reset links go by mail only)");
  if (isProduction && c.DEV_MAILBOX === "1") throw new ConfigError("Invalid configuration: DEV_MAILBOX must not be set in production");
  if (isProduction && c.WEBHOOK_ALLOW_LOOPBACK === "1")
    throw new ConfigError("Invalid configuration: WEBHOOK_ALLOW_LOOPBACK must not be set in production");
  if (!c.TELEGRAM_BOT_TOKEN !== !c.TELEGRAM_BOT_USERNAME)
    throw new ConfigError("Invalid configuration: TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME are set together or not at all");
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT)
    throw new ConfigError("Invalid configuration: METRICS_PORT must differ from PORT (set METRICS_TOKEN to serve /metrics on the public port)");
  stripeChecks(c, isProduction);
  // A deployed site may not show the legal pages' placeholders ("[support e-mail address to be published]").
  if (isProduction && (!c.SUPPORT_EMAIL || !c.ARBITRATION_ORGANISATION || !c.GOVERNING_LAW))
    throw new ConfigError(
      "Invalid configuration: SUPPORT_EMAIL, ARBITRATION_ORGANISATION and GOVERNING_LAW are required in production (the legal pages name them)",
    );
  const publicOrigin = c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`;
  return {
    ...c,
    ...vapidConfig(c, isProduction, publicOrigin),
    JWT_SECRET: jwtSecret,
    PUBLIC_ORIGIN: publicOrigin,
    isProduction,
  };
}

/** Checkout needs both secrets (a key without the webhook secret would take money and never credit it). */
function stripeChecks(c: z.infer<typeof envSchema>, isProduction: boolean) {
  if (!c.STRIPE_SECRET_KEY !== !c.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError("Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all");
  if (isProduction && c.STRIPE_API_BASE) throw new ConfigError("Invalid configuration: STRIPE_API_BASE must not be set in production");
  if (isProduction && c.STRIPE_SECRET_KEY?.includes("_test_"))
    throw new ConfigError("Invalid configuration: STRIPE_SECRET_KEY is a test-mode key, production needs a live key (sk_live_… or rk_live_…)");
}

/**
 * The Web Push key pair and contact: both keys set together; required in production (a generated pair would change
 * per machine and void every subscription), generated once under the data dir elsewhere, like the JWT secret.
 */
function vapidConfig(c: z.infer<typeof envSchema>, isProduction: boolean, publicOrigin: string) {
  if (!c.VAPID_PUBLIC_KEY !== !c.VAPID_PRIVATE_KEY)
    throw new ConfigError("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all");
  if (isProduction && !c.VAPID_PUBLIC_KEY)
    throw new ConfigError("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (Web Push alerts)");
  const keys =
    c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY } : devVapidKeys(DATA_DIR);
  // Push services want a way to reach the operator: the site itself when it is https, else a placeholder address.
  const subject = c.VAPID_SUBJECT ?? (publicOrigin.startsWith("https:") ? publicOrigin : "mailto:alerts@tradewind.local");
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: subject };
}

/** A secret generated once per checkout and kept under .data/, so dev restarts keep sessions valid. */
function devSecret(name: string): string {
  const file = join(DATA_DIR, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Load config for a process entry point; prints the problems and exits 1 instead of throwing a stack. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
