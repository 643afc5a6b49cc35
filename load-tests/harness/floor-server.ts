// The fan-out floor: a bare Bun.serve with no app, relaying one Redis channel to every subscribed socket the way the
// app's market socket does (one psubscribe, one server.publish per message). Run as its own process by fanout.ts;
// prints {"port":N} once it listens. What the app adds to fan-out is its figure minus this one, measured in one run.
import Redis from "ioredis";

const [redisUrl, channel] = process.argv.slice(2);
const subscriber = new Redis(redisUrl);
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: (req, srv) => (srv.upgrade(req) ? undefined : new Response("upgrade required", { status: 426 })),
  websocket: {
    message(ws) {
      ws.subscribe("market");
      ws.send(JSON.stringify({ type: "subscribed", topics: ["market"] }));
    },
  },
});
await subscriber.subscribe(channel);
subscriber.on("message", (_channel, message) => server.publish("market", message));
console.log(JSON.stringify({ port: server.port }));
