// The soak runner at a tiny size, so `bun run soak` cannot silently break: real server, engine, sockets, analyses.
import { expect, test } from "bun:test";
import { slope, soak } from "./soak";

test("slope is the least-squares trend", () => {
  expect(slope([0, 1, 2, 3], [10, 12, 14, 16])).toBeCloseTo(2, 10);
  expect(slope([0, 1, 2], [5, 5, 5])).toBe(0);
});

test("a short soak polls, pushes, runs analyses and leaves the books clean", async () => {
  const report = await soak({ seconds: 8, traders: 3, sockets: 3, analysesEverySeconds: 3, sampleEverySeconds: 1 });
  expect(report.errors).toBe(0);
  expect(report.requests).toBeGreaterThan(0);
  expect(report.socket_messages).toBeGreaterThan(0);
  expect(report.analyses_started).toBeGreaterThan(0);
  expect(report.analyses_settled).toBe(report.analyses_started);
  expect(report.reconcile).toBe("clean");
  expect(Object.keys(report.memory)).toEqual(["server1", "engine"]);
  expect(report.memory.server1.end_mb).toBeGreaterThan(0);
}, 120_000);
