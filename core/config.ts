// Process configuration: read once from the environment, validated with zod, one clear line per bad value.
import { z } from "zod";
import { trustedProxies } from "./trusted-proxy";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

/** Local state of `bun dev` (embedded Postgres, generated secrets); TW_DATA_DIR moves it (tests use a temp dir). */
export const DATA_DIR = process.env.TW_DATA_DIR || join(import.meta.dir, "..", ".data");

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
});

export type Config = Omit<z.infer<typeof envSchema>, "JWT_SECRET" | "PUBLIC_ORIGIN"> & {
  JWT_SECRET: string;
  PUBLIC_ORIGIN: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

const SECRET_VARIABLES = new Set(["JWT_SECRET", "LLM_API_KEY"]);

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
  return {
    ...c,
    JWT_SECRET: jwtSecret,
    PUBLIC_ORIGIN: c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`,
    isProduction,
  };
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
