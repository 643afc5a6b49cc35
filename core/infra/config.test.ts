// Configuration validation: each bad value is named on one line; processes exit at once without a stack trace.
import { describe, expect, test } from "bun:test";
import { parseConfig } from "./config";

const base = { DATABASE_URL: "postgres://u@127.0.0.1:5432/db", REDIS_URL: "redis://127.0.0.1:6379", JWT_SECRET: "s".repeat(40) };

/** What production needs for the legal pages. */
const PROD_LEGAL = { SUPPORT_EMAIL: "help@example.com", ARBITRATION_ORGANISATION: "Example Arbitration Centre", GOVERNING_LAW: "georgia-country" };

describe("parseConfig", () => {
  test("defaults", () => {
    const c = parseConfig(base);
    expect(c.PORT).toBe(3000);
    expect(c.MARKET_PROVIDER).toBe("replay");
    expect(c.PUBLIC_ORIGIN).toBe("http://localhost:3000");
    expect(c.ANALYSIS_PHASE_SECONDS * 3).toBeGreaterThanOrEqual(120);
    expect(c.ANALYSIS_PHASE_SECONDS * 3).toBeLessThanOrEqual(300);
  });

  test("one line per bad variable, naming it and the expectation", () => {
    let message = "";
    try {
      parseConfig({ ...base, PORT: "abc", DATABASE_URL: "nonsense", MARKET_PROVIDER: "kraken" });
    } catch (err) {
      message = (err as Error).message;
    }
    const lines = message.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes("PORT"))).toBe('Invalid configuration: PORT expected a whole number from 1 to 65535 (got "abc")');
    expect(lines.find((l) => l.includes("DATABASE_URL"))).toContain("expected a postgres URL");
    expect(lines.find((l) => l.includes("MARKET_PROVIDER"))).toContain('(got "kraken")');
  });

  test("missing required URL says it is required", () => {
    expect(() => parseConfig({ REDIS_URL: base.REDIS_URL })).toThrow("Invalid configuration: DATABASE_URL is required");
  });

  test("metrics: off by default, loopback when a port is given, a short token or the public port refused", () => {
    expect(parseConfig(base).METRICS_PORT).toBeUndefined();
    expect(parseConfig({ ...base, METRICS_PORT: "9464" })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: "127.0.0.1" });
    expect(() => parseConfig({ ...base, METRICS_PORT: "3000" })).toThrow("METRICS_PORT must differ from PORT");
    expect(() => parseConfig({ ...base, METRICS_TOKEN: "short" })).toThrow(
      'METRICS_TOKEN expected at least 24 printable characters without spaces (got "<5 characters, hidden>")',
    );
  });

  test("production needs an explicit JWT secret", () => {
    expect(() => parseConfig({ ...base, JWT_SECRET: undefined, NODE_ENV: "production" })).toThrow("JWT_SECRET is required in production");
  });

  test("Stripe: both secrets or neither; production refuses the stand-in base and a test key", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(parseConfig(base).STRIPE_SECRET_KEY).toBeUndefined();
    expect(parseConfig({ ...base, ...stripe }).STRIPE_TAX).toBe("0");
    expect(() => parseConfig({ ...base, STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow("set together or not at all");
    expect(() => parseConfig({ ...base, STRIPE_WEBHOOK_SECRET: "whsec_abc123" })).toThrow("set together or not at all");
    expect(() => parseConfig({ ...base, ...stripe, STRIPE_SECRET_KEY: "pk_live_abc" })).toThrow("STRIPE_SECRET_KEY expected a Stripe secret key");
    const prod = {
      ...base,
      ...PROD_LEGAL,
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail:25",
      VAPID_PUBLIC_KEY: "A".repeat(87),
      VAPID_PRIVATE_KEY: "B".repeat(43),
    };
    expect(() => parseConfig({ ...prod, ...stripe })).toThrow("test-mode key");
    const live = { STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(parseConfig({ ...prod, ...live }).STRIPE_SECRET_KEY).toBe("sk_live_abc123");
    expect(() => parseConfig({ ...prod, ...live, STRIPE_API_BASE: "http://127.0.0.1:9" })).toThrow("STRIPE_API_BASE must not be set in production");
  });
});

test("production refuses to start without the support e-mail, the arbitration organisation or which Georgia; elsewhere they may wait", () => {
  const prod = { ...base, NODE_ENV: "production", SMTP_URL: "smtp://mail:25", VAPID_PUBLIC_KEY: "A".repeat(87), VAPID_PRIVATE_KEY: "B".repeat(43) };
  expect(() => parseConfig(prod)).toThrow("SUPPORT_EMAIL, ARBITRATION_ORGANISATION and GOVERNING_LAW are required in production");
  const { SUPPORT_EMAIL, ARBITRATION_ORGANISATION, GOVERNING_LAW } = PROD_LEGAL;
  for (const partial of [
    { SUPPORT_EMAIL },
    { ARBITRATION_ORGANISATION },
    { SUPPORT_EMAIL, ARBITRATION_ORGANISATION },
    { SUPPORT_EMAIL, GOVERNING_LAW },
  ])
    expect(() => parseConfig({ ...prod, ...partial })).toThrow("required in production");
  expect(parseConfig({ ...prod, ...PROD_LEGAL }).SUPPORT_EMAIL).toBe("help@example.com");
  expect(parseConfig({ ...prod, ...PROD_LEGAL, GOVERNING_LAW: "georgia-us-state" }).GOVERNING_LAW).toBe("georgia-us-state");
  // Only the two readings of the spec's "Georgia": another jurisdiction is refused, naming the variable.
  expect(() => parseConfig({ ...prod, ...PROD_LEGAL, GOVERNING_LAW: "england" })).toThrow("GOVERNING_LAW");
  expect(parseConfig(base).SUPPORT_EMAIL).toBeUndefined();
  expect(parseConfig(base).GOVERNING_LAW).toBeUndefined();
});

describe("process start with bad configuration", () => {
  for (const [name, value] of [
    ["PORT", "abc"],
    ["DATABASE_URL", "nonsense"],
  ] as const) {
    test(`${name}=${value} exits 1 with a one-line message`, async () => {
      const proc = Bun.spawn(["bun", "server/src/main.ts"], {
        cwd: `${import.meta.dir}/../..`,
        env: { ...process.env, ...base, [name]: value },
        stdout: "pipe",
        stderr: "pipe",
      });
      const code = await proc.exited;
      const stderr = (await new Response(proc.stderr).text()).trim();
      expect(code).toBe(1);
      expect(stderr.split("\n")).toHaveLength(1);
      expect(stderr).toStartWith(`Invalid configuration: ${name}`);
    });
  }

  test("errors never quote a secret or a password inside a URL", () => {
    let message = "";
    try {
      parseConfig({ ...base, JWT_SECRET: "short-but-secret", DATABASE_URL: "mysql://app:hunter2@db/x", REDIS_URL: "redis://:s3cr3t@cache" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("JWT_SECRET");
    expect(message).toContain("DATABASE_URL");
    for (const secret of ["short-but-secret", "hunter2", "s3cr3t"]) expect(message).not.toContain(secret);
    expect(message).toContain("mysql://app:***@db/x");
  });
});
