// Coalescer and Gate: concurrent callers share one piece of work; the gate runs at most its limit, in arrival order.
import { describe, expect, test } from "bun:test";
import { Coalescer, Gate, TurnBatch } from "./coalesce";

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe("Coalescer", () => {
  test("callers of one key while its work is in flight share it; afterwards, and after forget, the work runs again", async () => {
    const c = new Coalescer<string, number>();
    let runs = 0;
    const gate = deferred<void>();
    const work = async () => {
      runs++;
      await gate.promise;
      return runs;
    };
    const [a, b] = [c.run("k", work), c.run("k", work)];
    const other = c.run("other", work);
    gate.resolve();
    expect(await Promise.all([a, b, other])).toEqual([2, 2, 2]);
    expect(runs).toBe(2);
    expect(c.size).toBe(0);
    const d = deferred<void>();
    const first = c.run("k", async () => {
      await d.promise;
      return 10;
    });
    c.forget("k");
    const second = c.run("k", async () => 20);
    d.resolve();
    expect([await first, await second]).toEqual([10, 20]);
  });

  test("a failure reaches every caller that joined, and the key is free again", async () => {
    const c = new Coalescer<string, number>();
    const failing = () => Promise.reject(new Error("down"));
    await expect(Promise.all([c.run("k", failing), c.run("k", failing)])).rejects.toThrow("down");
    expect(await c.run("k", async () => 1)).toBe(1);
  });
});

describe("Gate", () => {
  test("runs at most its limit at once and starts the waiting work in arrival order", async () => {
    const gate = new Gate(2);
    const started: number[] = [];
    const releases = Array.from({ length: 5 }, () => deferred<void>());
    const runs = releases.map((r, i) =>
      gate.run(async () => {
        started.push(i);
        await r.promise;
        return i;
      }),
    );
    await Bun.sleep(0);
    expect(started).toEqual([0, 1]);
    expect(gate.queued).toBe(3);
    releases[1].resolve();
    await Bun.sleep(0);
    expect(started).toEqual([0, 1, 2]);
    for (const r of releases) r.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(gate.queued).toBe(0);
  });

  test("a failed run frees its slot", async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});

describe("TurnBatch", () => {
  test("what one turn asks for is done in one call, each caller getting its own answer; the next turn starts a new call", async () => {
    const calls: number[][] = [];
    const batch = new TurnBatch(async (items: number[]) => {
      calls.push(items);
      return items.map((n) => n * 10);
    });
    expect(await Promise.all([batch.add(1), batch.add(2), batch.add(3)])).toEqual([10, 20, 30]);
    expect(await batch.add(4)).toBe(40);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  test("a failed call reaches every caller of its turn, and the next turn is tried afresh", async () => {
    let fail = true;
    const batch = new TurnBatch(async (items: string[]) => {
      if (fail) throw new Error("down");
      return items;
    });
    const results = await Promise.allSettled([batch.add("a"), batch.add("b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await batch.add("c")).toBe("c");
  });
});
