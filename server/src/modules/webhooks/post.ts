// One signed webhook POST: Stripe-style signature, the resolved address pinned for the connection, no redirects, 10 s cap.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { Config } from "@core/infra/config";
import { RefusedAddressError, bareHost, checkDeploymentRules, parseWebhookUrl, pinnedLookup, resolvePublic } from "../../lib/ssrf";

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A test ping's deadline: the trader is waiting for the answer, and a silent endpoint must not hold a worker slot long. */
export const PING_TIMEOUT_MS = 3_000;
/**
 * What the delivery log keeps of a receiver's answer: a short excerpt to tell one error page from another, printable
 * characters only. Keeping (and serving) a kilobyte made webhooks a POST-and-read-back proxy.
 */
export const RESPONSE_BODY_LIMIT = 64;
/** Read at most this much of an answer before the connection is dropped. */
const READ_LIMIT = 1024;
/** A receiver should refuse a signature older than this (replay window), as Stripe's libraries do. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * `X-Tradewind-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. To verify: split on ',',
 * recompute v1 over the timestamp and the raw body exactly as received, compare in constant time, and refuse a t
 * more than 5 minutes from your clock. Dedupe on the body's `id` (also `X-Tradewind-Event-Id`): a retry repeats it.
 */
export function signatureHeader(secret: string, body: string, unixSeconds = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}

/** The receiver's side of the scheme (tests use it; the README shows the same steps). */
export function verifySignature(secret: string, body: string, header: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split("v1=")[1], "hex");
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type PostResult = {
  status: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
  /** A refused address: no retry can succeed. */
  refused: boolean;
};

/** Posts `body` signed with `secret`; never throws: every outcome is a result for the delivery log. */
export async function postSigned(o: {
  url: string;
  secret: string;
  body: string;
  eventId: string;
  allowLoopback: boolean;
  timeoutMs?: number;
  /** The deployment's own addresses and allowed ports (checkDeploymentRules); omitted: addresses only. */
  rules?: Pick<Config, "PUBLIC_ORIGIN" | "WEBHOOK_PORTS" | "WEBHOOK_ALLOW_LOOPBACK" | "isProduction">;
}): Promise<PostResult> {
  const started = performance.now();
  const done = (r: Omit<PostResult, "durationMs" | "refused"> & { refused?: boolean }): PostResult => ({
    refused: false,
    ...r,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const url = parseWebhookUrl(o.url);
    // Checked again now, not only at registration: DNS may have changed since (rebinding).
    const [pinned] = await resolvePublic(bareHost(url), o.allowLoopback);
    if (o.rules) checkDeploymentRules(o.rules, url, pinned.address);
    const answer = await send(url, pinned, o);
    return done({ status: answer.status, responseBody: answer.body, error: null });
  } catch (err) {
    if (err instanceof RefusedAddressError) return done({ status: null, responseBody: null, error: err.message, refused: true });
    return done({ status: null, responseBody: null, error: (err as Error).message || String(err) });
  }
}

function send(url: URL, pinned: { address: string; family: number }, o: { secret: string; body: string; eventId: string; timeoutMs?: number }) {
  const timeoutMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  // The connection goes to the address just checked, whatever the resolver would say now; TLS still checks the name.
  const lookup = pinnedLookup(pinned);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        lookup,
        headers: {
          "content-type": "application/json",
          "user-agent": "Tradewind-Webhooks/1",
          "x-tradewind-event-id": o.eventId,
          "x-tradewind-signature": signatureHeader(o.secret, o.body),
        },
      },
      (res) => {
        // A 3xx is an answer like any other: following it could lead to a private address.
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (body.length < READ_LIMIT) body += chunk;
          else res.destroy();
        });
        const finish = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: body.replace(/[^\x20-\x7e]+/g, " ").slice(0, RESPONSE_BODY_LIMIT) });
        };
        res.on("end", finish);
        res.on("close", finish);
      },
    );
    // One deadline for connect, send and the answer: a receiver dripping bytes cannot hold a worker slot.
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(o.body);
  });
}
