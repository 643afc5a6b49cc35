// The backtest as deployed: from a date on, refit every N days exactly as the live job does (same fold fit, same choice, same promotion gate), and decide each block with the champion then in force.
import { noveltyDistance, scoreRows } from "../analysis/model/score";
import { MODEL_MAX_AGE_DAYS_DEFAULT, type ModelVersion } from "../analysis/model/version";
import { blockOf } from "../backtest/stats";
import { clusteredSe } from "./calibrate";
import { chooseAt, type Combo, type CvOptions, decideBlock, type Out, type Scored, SELECT_Z } from "./cv";
import type { Panel } from "./panel";
import { type Meta, versionOf } from "./versions";
import { type Block, blocksOf, type BlockModel, type Family, outcomeKnownAt, walkForward } from "./walkforward";

const DAY = 86_400_000;

/** Quarterly folds before `from` (the history a live engine is seeded with), then one block every `days` days. */
export function deployedBlocks(p: Panel, from: number, days: number): Block[] {
  const before = blocksOf(p)
    .filter((b) => b.start < from)
    .map((b) => ({ start: b.start, end: Math.min(b.end, from) }));
  const last = p.t.reduce((a, t) => Math.max(a, t), -Infinity);
  const after: Block[] = [];
  for (let s = from; s <= last; s += days * DAY) after.push({ start: s, end: s + days * DAY });
  return [...before, ...after];
}

type Serving = { s: Scored; model: BlockModel; version: ModelVersion; since: number };

/** Fewer forward signals than this and the champion has shown nothing a challenger must beat. */
export const GATE_MIN_FORWARD = 20;

/**
 * The champion's figure by the bar's own rule on rows it never saw: its issued signals on clocks after its data ended
 * whose outcome closed before `start`, their mean R less SELECT_Z block-clustered standard errors; −∞ without enough of them.
 */
export function forwardLower(p: Panel, champion: Serving, start: number, o: CvOptions): number {
  const rows: number[] = [];
  for (let e = 0; e < p.evals; e++) if (p.t[e] >= champion.model.trainedThrough && outcomeKnownAt(p, champion.s.c.g, p.t[e]) <= start) rows.push(e);
  const combo = servingCombo(p, champion, rows);
  const out: Out = { evaluations: [], candidates: [], history: [] };
  decideBlock(p, combo, champion.s.ch, champion.model, rows, "gate", out, o.maxAgeDays ?? MODEL_MAX_AGE_DAYS_DEFAULT);
  const issued = out.evaluations.filter((e) => e.issued);
  if (issued.length < GATE_MIN_FORWARD) return -Infinity;
  const r = issued.map((e) => e.r);
  const block = issued.map((e) => blockOf(e.t, o.blockDays));
  const m = r.reduce((a, b) => a + b, 0) / r.length;
  return (
    m -
    SELECT_Z *
      clusteredSe(
        r.map((_, i) => i),
        r,
        block,
      )
  );
}

/** The same forward figure for a registry version (the live refit's champion), on the refit's panel; null when it cannot be read there. */
export function forwardLowerOfVersion(p: Panel, v: ModelVersion, start: number, o: CvOptions): number | null {
  const g = p.geometries.findIndex((x) => x.k === v.geometry.k && x.m === v.geometry.m && x.hours === v.geometry.hours);
  if (g < 0) return null;
  const ch = {
    family: v.family,
    g,
    cal: v.params.calibration,
    tau: v.params.tau ?? Infinity,
    inner: { rate: v.inner.rate, meanR: v.inner.meanR ?? -Infinity, lower: v.inner.lower ?? -Infinity, evaluations: v.inner.evaluations },
    baseTp: v.params.base_tp,
  };
  const model: BlockModel = { fitted: v.params.scorer, novelty: v.params.novelty, trainedThrough: Date.parse(v.trained_through) };
  const serving: Serving = {
    s: { c: { family: v.family, g, wf: { score: new Float64Array(), novelty: new Float64Array(), fits: [], models: new Map() } }, ch },
    model,
    version: v,
    since: start,
  };
  const lower = forwardLower(p, serving, start, o);
  return Number.isFinite(lower) ? lower : null;
}

/**
 * The promotion gate: the challenger replaces the champion unless the champion, on signals it never saw, stands higher
 * than the challenger's inner figure by the same rule (mean R less its block-clustered error); an expired champion always goes.
 */
export function promotes(challengerLower: number | null, championForwardLower: number | null, championExpired: boolean): boolean {
  if (championForwardLower === null || championExpired) return true;
  return (challengerLower ?? -Infinity) >= championForwardLower;
}

/** A block's rows scored by the serving model (the champion may be older than the block's own fit). */
function servingCombo(p: Panel, sv: Serving, rows: number[]): Combo {
  const n = p.evals * 2;
  const score = new Float64Array(n).fill(NaN);
  const novelty = new Float64Array(n).fill(NaN);
  const idx = rows.flatMap((e) => [2 * e, 2 * e + 1]);
  const s = scoreRows(sv.model.fitted, p.x, p.d, idx);
  idx.forEach((row, k) => {
    score[row] = s[k];
    novelty[row] = noveltyDistance(p.x.subarray(row * p.d, row * p.d + p.d), sv.model.novelty.std) / sv.model.novelty.bar;
  });
  return { family: sv.s.c.family, g: sv.s.c.g, wf: { score, novelty, fits: [], models: new Map() } };
}

export type DeployedOptions = CvOptions & { from: number; retrainDays: number; symbols?: Set<string>; minTrainEvals?: number };

export function runDeployed(p: Panel, families: Family[], o: DeployedOptions, meta: Meta, log: (m: string) => void) {
  const blocks = deployedBlocks(p, o.from, o.retrainDays);
  const combos: Combo[] = [];
  for (const family of families)
    for (let g = 0; g < p.geometries.length; g++)
      combos.push({ family: family.name, g, wf: walkForward(p, g, family, log, o.minTrainEvals, blocks) });
  const out: Out = { evaluations: [], candidates: [], history: [] };
  const models: { version: string; trained_through: string; from: string; to: string; promoted: boolean; inner_lower: number | null }[] = [];
  let champion: Serving | null = null;
  for (const b of blocks.filter((x) => x.start >= o.from)) {
    const pick = chooseAt(p, combos, b.start, o);
    const fitted = pick?.c.wf.models.get(b.start);
    if (pick && fitted) {
      const expired = champion !== null && b.start - champion.model.trainedThrough > (o.maxAgeDays ?? MODEL_MAX_AGE_DAYS_DEFAULT) * DAY;
      const promoted = promotes(pick.ch.inner.lower, champion && forwardLower(p, champion, b.start, o), expired);
      const version = versionOf(p, pick.ch, fitted, b.start, meta, "refit");
      models.push({
        version: version.version,
        trained_through: version.trained_through,
        from: new Date(b.start).toISOString(),
        to: new Date(b.end).toISOString(),
        promoted,
        inner_lower: version.inner.lower,
      });
      if (promoted) champion = { s: pick, model: fitted, version, since: b.start };
    }
    if (!champion) continue;
    const rows: number[] = [];
    for (let e = 0; e < p.evals; e++) if (p.t[e] >= b.start && p.t[e] < b.end && (!o.symbols || o.symbols.has(p.symbols[p.sym[e]]))) rows.push(e);
    const combo = servingCombo(p, champion, rows);
    const why = decideBlock(
      p,
      combo,
      champion.s.ch,
      champion.model,
      rows,
      new Date(b.start).toISOString().slice(0, 7),
      out,
      o.maxAgeDays ?? MODEL_MAX_AGE_DAYS_DEFAULT,
    );
    log(`deployed ${new Date(b.start).toISOString().slice(0, 10)}: ${champion.version.version} serving; ${JSON.stringify(why)} of ${rows.length}`);
  }
  return { ...out, models };
}
