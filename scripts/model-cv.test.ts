// `model:cv` end to end on a small folder of the shipped candles: it runs, and cv.json carries the published fields.
import { expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { shippedVersions } from "../engine/src/analysis/model/shipped";

const ROOT = resolve(import.meta.dir, "..");
const SRC = join(ROOT, "engine", "data", "market", "spot", "1h");
const PAIRS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "DOGEUSDT", "LINKUSDT", "AVAXUSDT", "LTCUSDT", "NEARUSDT", "TRXUSDT"];

test("model:cv writes cv.json, the reliability diagram and the signal-rate curve from out-of-fold predictions", { timeout: 300_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "tw-cv-"));
  const data = join(dir, "spot", "1h");
  mkdirSync(data, { recursive: true });
  for (const p of PAIRS) symlinkSync(join(SRC, `${p}.csv.gz`), join(data, `${p}.csv.gz`));
  const out = join(dir, "out");
  const versions = join(dir, "versions");
  const args = ["--data", data, "--out", out, "--stride", "12", "--select-days", "20", "--min-train-evals", "600", "--versions", versions];
  args.push("--variant", "test-rule", "--rule", "the rule under test");
  const proc = Bun.spawn(["bun", "scripts/model-cv.ts", ...args], {
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
      "by_year",
      "ci_block_days",
      "excess_r",
      "by_quarter",
      "quarters_judged",
      "quarters_non_negative_share",
      "expectancy_without_best_quarter_r",
    ].sort(),
  );
  // Every figure beyond market direction carries a block interval, and the quarters add up to the signals.
  expect(cv.ci_block_days).toBeGreaterThanOrEqual(7);
  for (const k of ["vs_always_long", "vs_trend_7d", "side_skill"]) expect(cv.excess_r[k].ci).toHaveLength(2);
  expect(cv.by_quarter.reduce((n: number, q: { signals: number }) => n + q.signals, 0)).toBe(cv.signals);
  const details = JSON.parse(readFileSync(join(out, "cv-details.json"), "utf8"));
  expect(Object.keys(cv.baselines).sort()).toEqual(["always_long", "random_direction", "trend_7d"]);
  expect(cv.by_year.map((y: { year: number }) => y.year)).toEqual([2024, 2025]);
  expect(cv.by_year.reduce((n: number, y: { signals: number }) => n + y.signals, 0)).toBe(cv.signals);
  // Quarters are decided only once earlier quarters have out-of-fold history to choose on; each names its choice.
  const quarters = details.folds.map((f: { quarter: string }) => f.quarter);
  expect(quarters.length).toBeGreaterThanOrEqual(1);
  expect(quarters[0] > "2024-01").toBe(true);
  for (const f of details.folds) expect(["gbdt", "softmax"]).toContain(f.family);
  expect(cv.by_month[0].month >= quarters[0]).toBe(true);
  expect(details.by_universe.liquid_30.evaluations + details.by_universe.rest.evaluations).toBe(cv.evaluations);
  expect(details.families.map((f: { family: string }) => f.family).sort()).toEqual(["gbdt", "softmax"]);
  // Every pair twice a day through the decided quarter (Jul → the data's end in early Sep, less the last outcomes).
  expect(cv.evaluations).toBeGreaterThan(PAIRS.length * 2 * 55);
  expect(details.curve.length).toBe(50);
  expect(readFileSync(join(out, "reliability.svg"), "utf8").startsWith("<svg")).toBe(true);
  expect(existsSync(join(out, "signal-rate.svg"))).toBe(true);
  // The run is in the variant ledger, and the headline deflated for every variant the ledger holds.
  const ledger = readFileSync(join(out, "variants.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(ledger.map((v: { variant: string }) => v.variant)).toEqual(["test-rule"]);
  expect(details.deflated.variants_tried).toBe(1);
  // Every fold's model and the next fold are version files a registry can be seeded from; the last is the newest.
  const files = readdirSync(versions).filter((f) => f.endsWith(".json.gz"));
  expect(files.length).toBe(details.folds.length + 1);
  const shipped = shippedVersions(versions);
  expect(shipped.at(-1)!.trained_at > shipped[0].trained_at).toBe(true);
});
