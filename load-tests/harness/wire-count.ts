// Counting relays for the cost benchmark: a loopback TCP hop between one app role and Postgres or Redis that reads the
// client's side of the protocol and counts statements (Postgres Execute and simple Query messages) and commands (Redis
// RESP arrays, by name; PUBLISH by channel). Counting on the wire sees exactly what one process sends, where the shared
// servers' own counters (pg_stat_statements is not loaded on the test machine; INFO commandstats is server-wide) would
// mix in other databases, prefixes and users of the machine.
import type { Socket, TCPSocketListener } from "bun";

export type WireCounts = {
  /** Postgres: Execute (extended protocol) and Query (simple protocol) messages; Redis: commands. */
  total: number;
  /** Redis: commands by upper-case name. Postgres: "execute", "query". */
  byName: Record<string, number>;
  /** Redis PUBLISH by channel, the prefix and any id after the last ':' or '.' folded (`user.*`, `market.*`). */
  publishes: Record<string, number>;
  connections: number;
};

export type CountingRelay = { url: string; counts: () => WireCounts; stop: () => void };

type Parser = (chunk: Buffer, counts: WireCounts) => void;

/** Postgres frontend messages: a startup packet (length-prefixed, no type byte) first, then type byte + int32 length. */
function postgresParser(): Parser {
  let buf = Buffer.alloc(0);
  let started = false;
  return (chunk, counts) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (!started) {
        if (buf.length < 8) return;
        const len = buf.readInt32BE(0);
        if (buf.length < len) return;
        // SSLRequest / GSSENCRequest precede the real startup packet; the server's one-byte answer needs no parsing.
        const code = buf.readInt32BE(4);
        if (!(len === 8 && (code === 80877103 || code === 80877104))) started = true;
        buf = buf.subarray(len);
        continue;
      }
      if (buf.length < 5) return;
      const type = String.fromCharCode(buf[0]);
      const len = buf.readInt32BE(1);
      if (buf.length < 1 + len) return;
      if (type === "E" || type === "Q") {
        counts.total++;
        const name = type === "E" ? "execute" : "query";
        counts.byName[name] = (counts.byName[name] ?? 0) + 1;
      }
      buf = buf.subarray(1 + len);
    }
  };
}

/** Redis commands as RESP arrays of bulk strings (`*N\r\n$len\r\narg\r\n…`), the only form ioredis sends. */
function redisParser(prefix: string): Parser {
  let buf = Buffer.alloc(0);
  const line = (from: number) => {
    const end = buf.indexOf("\r\n", from);
    return end < 0 ? null : { text: buf.toString("latin1", from, end), next: end + 2 };
  };
  return (chunk, counts) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      const head = line(0);
      if (!head) return;
      if (!head.text.startsWith("*")) throw new Error(`unexpected RESP from the client: ${head.text.slice(0, 40)}`);
      const n = Number(head.text.slice(1));
      const args: string[] = [];
      let at = head.next;
      for (let i = 0; i < n; i++) {
        const size = line(at);
        if (!size) return;
        const len = Number(size.text.slice(1));
        if (buf.length < size.next + len + 2) return;
        // Only the name and the first argument are kept (the channel of a PUBLISH).
        if (i < 2) args.push(buf.toString("utf8", size.next, size.next + len));
        at = size.next + len + 2;
      }
      buf = buf.subarray(at);
      const name = (args[0] ?? "").toUpperCase();
      counts.total++;
      counts.byName[name] = (counts.byName[name] ?? 0) + 1;
      if (name === "PUBLISH") {
        const channel = (args[1] ?? "").slice(prefix.length).replace(/([.:])[^.:]*$/, "$1*");
        counts.publishes[channel] = (counts.publishes[channel] ?? 0) + 1;
      }
    }
  };
}

/** Writes to a socket in order, keeping what the kernel did not take until its drain (large list answers do not fit at once). */
class Outbox {
  private queue: Buffer[] = [];
  constructor(private socket: Socket<unknown> | null = null) {}
  attach(socket: Socket<unknown>) {
    this.socket = socket;
    this.drain();
  }
  write(chunk: Uint8Array) {
    this.queue.push(Buffer.from(chunk));
    this.drain();
  }
  drain() {
    while (this.socket && this.queue.length) {
      const head = this.queue[0];
      const written = this.socket.write(head);
      if (written < head.length) {
        this.queue[0] = head.subarray(Math.max(0, written));
        return;
      }
      this.queue.shift();
    }
  }
}

/** A relay on a free loopback port to `target` (a postgres:// or redis:// URL); its URL is the target's with the port swapped. */
export function countingRelay(target: string, kind: "postgres" | "redis", redisPrefix = ""): CountingRelay {
  const upstream = new URL(target);
  const counts: WireCounts = { total: 0, byName: {}, publishes: {}, connections: 0 };
  type Pair = { toServer: Outbox; toClient: Outbox; server: Socket<unknown> | null; parse: Parser };
  const listener: TCPSocketListener<Pair> = Bun.listen<Pair>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(client) {
        counts.connections++;
        const pair: Pair = {
          toServer: new Outbox(),
          toClient: new Outbox(client as Socket<unknown>),
          server: null,
          parse: kind === "postgres" ? postgresParser() : redisParser(redisPrefix),
        };
        client.data = pair;
        void Bun.connect({
          hostname: upstream.hostname,
          port: Number(upstream.port || (kind === "postgres" ? 5432 : 6379)),
          socket: {
            data: (_s, chunk) => pair.toClient.write(chunk),
            drain: () => pair.toServer.drain(),
            close: () => void client.end(),
            error: () => void client.end(),
          },
        }).then(
          (server) => {
            pair.server = server as Socket<unknown>;
            pair.toServer.attach(server as Socket<unknown>);
          },
          () => void client.end(),
        );
      },
      data(client, chunk) {
        client.data.parse(Buffer.from(chunk), counts);
        client.data.toServer.write(chunk);
      },
      drain(client) {
        client.data.toClient.drain();
      },
      close(client) {
        client.data?.server?.end();
      },
    },
  });
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(listener.port);
  return {
    url: url.toString(),
    counts: () => structuredClone(counts),
    stop: () => listener.stop(true),
  };
}

/** `after` minus `before`, field by field. */
export function diff(after: WireCounts, before: WireCounts): WireCounts {
  const sub = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(a)
        .map(([k, v]) => [k, v - (b[k] ?? 0)] as const)
        .filter(([, v]) => v !== 0),
    );
  return {
    total: after.total - before.total,
    byName: sub(after.byName, before.byName),
    publishes: sub(after.publishes, before.publishes),
    connections: after.connections - before.connections,
  };
}
