// Web Push keys in the configuration: required in production, both or neither, generated once per data dir elsewhere.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseConfig } from "./config";
import { devVapidKeys, vapidKeysEnv } from "./vapid";

const base = { DATABASE_URL: "postgres://u@127.0.0.1:5432/db", REDIS_URL: "redis://127.0.0.1:6379", JWT_SECRET: "s".repeat(40) };
const production = {
  ...base,
  NODE_ENV: "production",
  SMTP_URL: "smtp://mail:25",
  SUPPORT_EMAIL: "help@example.com",
  ARBITRATION_ORGANISATION: "Example Arbitration Centre",
  GOVERNING_LAW: "georgia-country",
};

describe("VAPID configuration", () => {
  test("production refuses to start without the key pair, and takes a valid one with its subject", () => {
    expect(() => parseConfig(production)).toThrow("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production");
    const keys = vapidKeysEnv();
    const c = parseConfig({ ...production, ...keys, PUBLIC_ORIGIN: "https://trade.example" });
    expect(c.VAPID_PUBLIC_KEY).toBe(keys.VAPID_PUBLIC_KEY);
    expect(c.VAPID_SUBJECT).toBe("https://trade.example");
    expect(parseConfig({ ...production, ...keys, VAPID_SUBJECT: "mailto:ops@trade.example" }).VAPID_SUBJECT).toBe("mailto:ops@trade.example");
  });

  test("one key alone, a malformed key or subject is a one-line error that never quotes the private key", () => {
    const keys = vapidKeysEnv();
    expect(() => parseConfig({ ...base, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow("set together or not at all");
    let message = "";
    try {
      parseConfig({ ...base, VAPID_PUBLIC_KEY: "nope", VAPID_PRIVATE_KEY: "secret!", VAPID_SUBJECT: "http://x" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.split("\n")).toHaveLength(3);
    expect(message).toContain("VAPID_SUBJECT expected a mailto: address or an https: URL");
    expect(message).not.toContain("secret!");
  });

  test("outside production the pair is generated into the data dir once and kept", () => {
    const dir = mkdtempSync(join(tmpdir(), "tw-vapid-"));
    const first = devVapidKeys(dir);
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(devVapidKeys(dir)).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, "vapid-keys.json"), "utf8"))).toEqual(first);
  });
});
