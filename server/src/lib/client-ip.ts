// The caller's IP: from the socket, or from X-Forwarded-For only when the socket peer is a configured trusted proxy.
import type { Config } from "@core/config";

type ServerLike = { requestIP?: (req: Request) => { address: string } | null } | null | undefined;

export function clientIp(config: Config, request: Request, server: ServerLike): string {
  const peer = server?.requestIP?.(request)?.address ?? "127.0.0.1";
  const trusted = (config.TRUSTED_PROXY ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (trusted.length && trusted.includes(normalize(peer))) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return normalize(forwarded);
  }
  return normalize(peer);
}

// Bun reports IPv4 peers on dual-stack sockets as ::ffff:a.b.c.d.
const normalize = (ip: string) => ip.replace(/^::ffff:/, "");
