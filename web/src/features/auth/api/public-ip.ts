// Spec 01 §7's public-IP lookup (a GET answering JSON with `ip`, cached, sent only as client_public_ip). Off unless the
// build sets TW_PUBLIC_IP_LOOKUP_URL: it tells a third party who is signing in, so privacy wins by default.
import { withTimeout } from "@web/lib/timeout";
import { decodePublicIp } from "./decode-public-ip";

/** The lookup must not hold a sign-in up for long: past this the payload goes without the address. */
export const IP_LOOKUP_TIMEOUT_MS = 3_000;

/**
 * The build flag: Bun replaces the literal `process.env.TW_PUBLIC_IP_LOOKUP_URL` with its value when building the web
 * bundle (bunfig.toml). Unset, the expression stays, and a browser without `process` throws: that reads as off.
 */
export function configuredLookupUrl(): string | null {
  let url: string | undefined;
  try {
    url = process.env.TW_PUBLIC_IP_LOOKUP_URL;
  } catch {
    url = undefined;
  }
  return url?.trim() ? url.trim() : null;
}

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** A cached lookup: null when off or when the service fails (a failure is not cached, so a later sign-in tries again). */
export function createPublicIpLookup(url: string | null, fetcher: Fetcher = (u, init) => fetch(u, init)): () => Promise<string | null> {
  let known: string | null = null;
  return async () => {
    if (url === null) return null;
    if (known !== null) return known;
    try {
      const text = await withTimeout(async (signal) => (await fetcher(url, { credentials: "omit", signal })).text(), IP_LOOKUP_TIMEOUT_MS);
      known = decodePublicIp(text);
    } catch {
      // no address: the server reads the connection's own
    }
    return known;
  };
}

export const clientPublicIp = createPublicIpLookup(configuredLookupUrl());
