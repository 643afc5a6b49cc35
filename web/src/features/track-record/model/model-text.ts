// The About page's model lines: the serving version's age against its limit, and its forward record since it went live.
import { formatCount, formatDateUtc, formatSignedR } from "@web/lib/format";
import type { ModelRecord } from "../api/model";

export const NO_MODEL_TEXT = "No registered model version serves at this market time.";

const days = (n: number) => `${formatCount(n)} ${n === 1 ? "day" : "days"}`;

export function modelAgeText(m: ModelRecord): string {
  const age = Math.floor(m.ageDays);
  const over = m.ageDays > m.maxAgeDays;
  return (
    `Trained on data through ${formatDateUtc(m.trainedThrough)}: ${days(age)} old in market time. ` +
    (over
      ? `Past its ${formatCount(m.maxAgeDays)}-day limit, it issues no signals until a newer version is trained.`
      : `It stops issuing signals at ${days(m.maxAgeDays)}.`)
  );
}

export function forwardText(m: ModelRecord): string {
  const f = m.forward;
  const since = f.since ? `Since it went live on ${formatDateUtc(f.since)}` : "Never promoted";
  if (!f.signals) return `${since}: no signals yet.`;
  const head = `${since}: ${formatCount(f.signals)} ${f.signals === 1 ? "signal" : "signals"}, ${formatCount(f.closed)} closed`;
  if (!f.closed) return `${head}; no result yet.`;
  return `${head}; ${formatSignedR(f.expectancyR)} per closed signal, ${formatSignedR(f.excessVsAlwaysLong)} against always-long on the same entries.`;
}
