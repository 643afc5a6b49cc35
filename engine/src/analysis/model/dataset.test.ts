// Several recorded folders as one universe: symbols merged across eras, the earlier folder winning a duplicate hour.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadFolders } from "./dataset";

const H = 3_600_000;
const csv = (rows: [number, number][]) =>
  `open_time_ms,open,high,low,close,volume\n${rows.map(([t, c]) => `${t},${c},${c},${c},${c},1`).join("\n")}\n`;

describe("loadFolders", () => {
  test("merges a symbol across folders in time order, keeps a gap as a gap, drops off-hour candles", () => {
    const root = mkdtempSync(join(tmpdir(), "tw-data-"));
    const [a, b] = [join(root, "market/spot/1h-old"), join(root, "market/spot/1h")];
    for (const d of [a, b, join(root, "market/futures/funding-8h")]) mkdirSync(d, { recursive: true });
    writeFileSync(
      join(a, "BTCUSDT.csv"),
      csv([
        [0, 1],
        [H, 2],
        [H + 60_000, 9],
      ]),
    );
    writeFileSync(
      join(b, "BTCUSDT.csv"),
      csv([
        [H, 3],
        [10 * H, 4],
      ]),
    );
    writeFileSync(join(b, "ETHUSDT.csv"), csv([[5 * H, 7]]));
    writeFileSync(join(root, "market/futures/funding-8h/BTCUSDT.csv"), csv([[0, 0.0001]]));
    const got = loadFolders([a, b]);
    expect(got.map((s) => s.symbol)).toEqual(["BTCUSDT", "ETHUSDT"]);
    const btc = got[0];
    expect(btc.h1.map((k) => [k.t, k.c])).toEqual([
      [0, 1],
      [H, 2],
      [10 * H, 4],
    ]);
    // The funding file is the same for both folders and is read once.
    expect(btc.funding.length).toBe(1);
    expect(got[1].funding).toEqual([]);
  });
});
