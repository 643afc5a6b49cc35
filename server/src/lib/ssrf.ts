// SSRF guard for every outbound request a user names (webhooks, Web Push): every address must be a public unicast one.
import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { networkInterfaces } from "node:os";
import type { Config } from "@core/infra/config";
import { trustedProxies } from "@core/infra/trusted-proxy";
import { isPrivate } from "./client-ip";

/**
 * Beyond the private ranges lib/client-ip keeps (RFC 1918, loopback, link-local with the 169.254.169.254 metadata
 * address, CGNAT with Alibaba's 100.100.100.200, unique-local IPv6 with AWS's fd00:ec2::254): multicast, broadcast,
 * reserved and documentation blocks, and the IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64,
 * 6to4, Teredo), which could otherwise smuggle a private one past the IPv4 checks. Also IANA's reserved IPv6 blocks that
 * are not global unicast: the deprecated site-local fec0::/10 (still routed inside some networks), the documentation
 * block 3fff::/20 (RFC 9637) and the SRv6 SID block 5f00::/16 (RFC 9602).
 */
const NOT_PUBLIC_V4 = trustedProxies("224.0.0.0/4,240.0.0.0/4,192.0.0.0/24,192.0.2.0/24,198.18.0.0/15,198.51.100.0/24,203.0.113.0/24");
// Checked for IPv6 addresses only: node's BlockList matches every IPv4 address against an IPv4-mapped rule.
const NOT_PUBLIC_V6 = trustedProxies(
  "ff00::/8,::/96,::ffff:0:0/96,64:ff9b::/96,64:ff9b:1::/48,2002::/16,2001::/32,2001:db8::/32,100::/64,fec0::/10,3fff::/20,5f00::/16",
);
const LOOPBACK = trustedProxies("127.0.0.0/8,::1/128");

export class RefusedAddressError extends Error {
  constructor(
    message: string,
    readonly code: "webhook_url_invalid" | "webhook_url_private" | "webhook_url_unresolvable" | "webhook_url_port" | "webhook_url_own",
  ) {
    super(message);
  }
}

const inList = (list: ReturnType<typeof trustedProxies>, ip: string) => {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
};

/** Loopback receivers (a local stand-in) only when WEBHOOK_ALLOW_LOOPBACK says so, and never in production. */
export const allowLoopback = (config: Pick<Config, "WEBHOOK_ALLOW_LOOPBACK" | "isProduction">) =>
  config.WEBHOOK_ALLOW_LOOPBACK === "1" && !config.isProduction;

/** This machine's own addresses (its public one included, when bound directly): a request to itself is refused. */
const OWN_ADDRESSES = new Set(
  Object.values(networkInterfaces())
    .flat()
    .map((i) => i?.address.toLowerCase())
    .filter((a): a is string => Boolean(a)),
);

/**
 * The deployment's own rules on top of the address check: not its own site (PUBLIC_ORIGIN's host) or addresses, and
 * only the configured web ports (WEBHOOK_PORTS), except for a loopback receiver where WEBHOOK_ALLOW_LOOPBACK allows one.
 */
export function checkDeploymentRules(
  config: Pick<Config, "PUBLIC_ORIGIN" | "WEBHOOK_PORTS" | "WEBHOOK_ALLOW_LOOPBACK" | "isProduction">,
  url: URL,
  address: string,
) {
  if (allowLoopback(config) && inList(LOOPBACK, address)) return;
  if (url.hostname.toLowerCase() === new URL(config.PUBLIC_ORIGIN).hostname.toLowerCase() || OWN_ADDRESSES.has(address.toLowerCase()))
    throw new RefusedAddressError("Webhooks cannot be sent to this site's own addresses", "webhook_url_own");
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (!config.WEBHOOK_PORTS.split(",").includes(port))
    throw new RefusedAddressError(`Webhooks go to web ports only (${config.WEBHOOK_PORTS.split(",").join(", ")}), not ${port}`, "webhook_url_port");
}

/** Whether an outbound connection may go to `ip`; loopback only when the WEBHOOK_ALLOW_LOOPBACK setting says so. */
export function addressAllowed(ip: string, allowLoopback: boolean): boolean {
  if (allowLoopback && inList(LOOPBACK, ip)) return true;
  return !isPrivate(ip) && !inList(isIP(ip) === 6 ? NOT_PUBLIC_V6 : NOT_PUBLIC_V4, ip);
}

/** Parses a webhook URL: http(s), a host, no credentials (they would be shown in the list and the log). */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new RefusedAddressError("Enter a full URL, e.g. https://example.com/hooks/tradewind", "webhook_url_invalid");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new RefusedAddressError("Only http:// and https:// URLs can receive webhooks", "webhook_url_invalid");
  if (!url.hostname) throw new RefusedAddressError("The URL has no host", "webhook_url_invalid");
  if (url.username || url.password)
    throw new RefusedAddressError("Put credentials in your endpoint's check of the signature, not in the URL", "webhook_url_invalid");
  return url;
}

/** The URL's host without IPv6 brackets (WHATWG keeps them: "[::1]"). */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Resolves the host and checks every answer: one private address among public ones refuses the lot, or a rebinding
 * resolver could pick it at connect time. Returns the addresses to connect to (the caller pins the first).
 */
export async function resolvePublic(host: string, allowLoopback: boolean): Promise<Array<{ address: string; family: number }>> {
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedAddressError(`The host ${host} does not resolve`, "webhook_url_unresolvable");
    }
  }
  const bad = addresses.find((a) => !addressAllowed(a.address, allowLoopback));
  if (bad || addresses.length === 0)
    throw new RefusedAddressError(
      `Alerts cannot be sent to private, loopback, link-local or reserved addresses (${host} is ${bad?.address ?? "unresolvable"})`,
      "webhook_url_private",
    );
  return addresses;
}

/** A resolver that answers only the address just checked: the connection cannot be rebound to another one. */
export function pinnedLookup(pinned: { address: string; family: number }): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) =>
    opts?.all ? cb(null, [pinned]) : cb(null, pinned.address, pinned.family)) as unknown as LookupFunction;
}
