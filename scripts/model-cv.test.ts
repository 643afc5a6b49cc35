// `model:cv` end to end on a small folder of the shipped candles: it runs, and cv.json carries the published fields.
import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const SRC = join(ROOT, "engine", "data", "market", "spot", "1h");
const PAIRS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "DOGEUSDT", "LINKUSDT", "AVAXUSDT", "LTCUSDT", "NEARUSDT", "TRXUSDT"];

test("model:cv writes cv.json, the reliability diagram and the signal-rate curve from out-of-fold predictions", { timeout: 240_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "tw-cv-"));
  const data = join(dir, "spot", "1h");
  mkdirSync(data, { recursive: true });
  for (const p of PAIRS) symlinkSync(join(SRC, `${p}.csv.gz`), join(data, `${p}.csv.gz`));
  const out = join(dir, "out");
  const proc = Bun.spawn(["bun", "scripts/model-cv.ts", "--data", data, "--out", out, "--stride", "12", "--from", "2024-06"], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  const code = await proc.exited;
  if (code !== 0) console.error(await new Response(proc.stderr).text());
  expect(code).toBe(0);
  const cv = JSON.parse(readFileSync(join(out, "cv.json"), "utf8"));
  expect(Object.keys(cv).sort()).toEqual(
    [
      "evaluations",
      "signals",
      "signal_rate",
      "win_rate",
      "expectancy_r",
      "expectancy_r_ci",
      "profit_factor",
      "max_drawdown_r",
      "ece_all",
      "ece_issued",
      "brier_skill",
      "directional_skill_r",
      "long_share",
      "by_month",
      "baselines",
    ].sort(),
  );
  const details = JSON.parse(readFileSync(join(out, "cv-details.json"), "utf8"));
  const predictions = JSON.parse(readFileSync(join(out, "predictions.json"), "utf8"));
  // Both sides of every evaluation have an out-of-fold prediction.
  expect(predictions.candidates.length).toBe(2 * predictions.evaluations.length);
  expect(predictions.evaluations.length).toBe(cv.evaluations);
  // Outer months only from --from on, each with its own nested choice made on earlier months.
  expect(cv.by_month.map((m: { month: string }) => m.month)).toEqual(["2024-06", "2024-07", "2024-08", "2024-09"]);
  expect(details.folds.map((f: { month: string }) => f.month)).toEqual(["2024-06", "2024-07", "2024-08", "2024-09"]);
  expect(cv.evaluations).toBeGreaterThan(PAIRS.length * 2 * 28 * 3);
  expect(details.curve.length).toBe(50);
  expect(readFileSync(join(out, "reliability.svg"), "utf8").startsWith("<svg")).toBe(true);
  expect(existsSync(join(out, "signal-rate.svg"))).toBe(true);
});
