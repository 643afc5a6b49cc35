// Trusted-proxy lists (addresses and CIDR blocks, IPv4 and IPv6): parsed by the config check and by the client-IP reader.
import { BlockList, isIP } from "node:net";

/** Comma-separated addresses or CIDR blocks, IPv4 or IPv6; throws on an entry that is neither. */
export function trustedProxies(spec: string | undefined): BlockList {
  const list = new BlockList();
  for (const raw of (spec ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [addr, bits] = raw.split("/");
    const family = isIP(addr);
    if (!family) throw new Error(`TRUSTED_PROXY: "${raw}" is not an IP address or CIDR block`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(addr, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new Error(`TRUSTED_PROXY: "${raw}" has a bad prefix length`);
      list.addSubnet(addr, prefix, type);
    }
  }
  return list;
}
