// Start-up check: in production, when every request so far came from one private address that is not a trusted proxy,
// a proxy sits in front without TRUSTED_PROXY and every per-IP limit is shared by all users; say so loudly, once.
import type { Config } from "@core/infra/config";
import type { Logger } from "@core/infra/log";
import { trustedProxies } from "@core/infra/trusted-proxy";
import { isIP } from "node:net";
import { isPrivate } from "./client-ip";

/** Requests from the same single address before the warning fires (a lone health checker stays below it for a while). */
export const SINGLE_PEER_REQUESTS = 200;

/**
 * The per-request watcher. It takes the peer as a function: looking the address up cost a twentieth of a cheap poll's
 * CPU, and once the watch has decided (or outside production) it is never looked up again.
 */
export function singlePeerWatch(config: Pick<Config, "isProduction" | "TRUSTED_PROXY">, log: Logger): (peer: () => string) => void {
  if (!config.isProduction) return () => {};
  const trusted = trustedProxies(config.TRUSTED_PROXY);
  let first: string | null = null;
  let count = 0;
  let done = false;
  return (peerOf) => {
    if (done) return;
    const peer = peerOf().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
    if (first === null) first = peer;
    // A second address means real clients reach us directly (or the proxy is trusted): nothing to say.
    if (peer !== first || !isPrivate(peer) || trusted.check(peer, isIP(peer) === 6 ? "ipv6" : "ipv4")) {
      done = true;
      return;
    }
    if (++count < SINGLE_PEER_REQUESTS) return;
    done = true;
    log.error("ALL TRAFFIC COMES FROM ONE PRIVATE ADDRESS: set TRUSTED_PROXY to the proxy's address", {
      peer,
      requests: count,
      effect: "every per-IP rate limit (login, codes, contact, refresh) is shared by all users behind the proxy",
    });
  };
}
