// The caller's IP: the socket peer, or, behind trusted proxies (IPs or CIDRs), X-Forwarded-For read right to left; and the key rate limits use.
import { isIP, type BlockList } from "node:net";
import type { Config } from "@core/infra/config";
import { trustedProxies } from "@core/infra/trusted-proxy";

type ServerLike = { requestIP?: (req: Request) => { address: string } | null } | null | undefined;

// Bun reports IPv4 peers on dual-stack sockets as ::ffff:a.b.c.d.
const normalize = (ip: string) => ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

const isTrusted = (list: BlockList, ip: string) => {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
};

const cache = new Map<string, BlockList>();
function trustedFor(config: Pick<Config, "TRUSTED_PROXY">): BlockList {
  const key = config.TRUSTED_PROXY ?? "";
  let list = cache.get(key);
  if (!list) {
    list = trustedProxies(key);
    cache.set(key, list);
  }
  return list;
}

/**
 * The client is the right-most X-Forwarded-For entry that is not itself a trusted proxy: every hop appends the address
 * it saw, so entries left of the first untrusted one were written by the client and prove nothing. An entry that is
 * not a valid IP ends the walk at the last trusted hop.
 */
export function clientIp(config: Pick<Config, "TRUSTED_PROXY">, request: Request, server: ServerLike): string {
  const peer = normalize(server?.requestIP?.(request)?.address ?? "127.0.0.1");
  const trusted = trustedFor(config);
  if (!isTrusted(trusted, peer)) return peer;
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",").map(normalize).filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isIP(hops[i])) break;
    client = hops[i];
    if (!isTrusted(trusted, hops[i])) break;
  }
  return client;
}

/** The key per-IP limits count under: an IPv4 address, or an IPv6 client's /64 (one subscriber usually holds a whole /64). */
export function ipKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Loopback, private, link-local and carrier-grade NAT ranges: never a public client, never located. */
export const PRIVATE_RANGES = trustedProxies(
  "10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,127.0.0.0/8,169.254.0.0/16,100.64.0.0/10,0.0.0.0/8,fc00::/7,fe80::/10,::1/128,::/128",
);
export const isPrivate = (ip: string) => isTrusted(PRIVATE_RANGES, normalize(ip));
