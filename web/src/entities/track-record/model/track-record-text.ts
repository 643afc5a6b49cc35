// The words of the one-line track-record note (Home, Pricing, Contact): a win only when the record shows one.
import { formatCount, formatDateUtc, formatMonthRange, formatRatioPercent, formatSignedR } from "@web/lib/format";
import type { TrackRecord } from "../api/decode-track-record";

export const HOW_WE_MEASURE_TEXT = "See how we measure";

const WHERE: Record<TrackRecord["source"], string> = {
  "live signals": "live signals",
  "out-of-fold testing": "out-of-fold testing",
  "out-of-sample backtest": "the out-of-sample backtest",
};

/** 'Mar–Sep 2024, n = 2,651' (or just the sample when the period is unknown). */
export function sampleText(t: TrackRecord): string {
  const range = t.periodStart && t.periodEnd ? formatMonthRange(t.periodStart, t.periodEnd) : null;
  return `${range ? `${range}, ` : ""}n = ${formatCount(t.sampleSize)}`;
}

/**
 * One sentence for FAQs and copy. Without a shown edge it says so instead of quoting a win rate; a record that cannot
 * tell keeps the measured figures with their period and source.
 */
export function trackRecordSentence(t: TrackRecord): string {
  if (t.edge === false) return `No edge detected in ${WHERE[t.source]} (${sampleText(t)}).`;
  const period = t.periodStart && t.periodEnd ? ` between ${formatDateUtc(t.periodStart)} and ${formatDateUtc(t.periodEnd)}` : "";
  const exp = t.expectancyR !== null ? `, average result ${formatSignedR(t.expectancyR)} per signal` : "";
  return `${formatRatioPercent(t.winRate)} of ${formatCount(t.sampleSize)} closed signals reached take profit${period}${exp} (${t.source}).`;
}

export type Headline = { lead: string; accent: string };

/** The spec's landing headline (spec 01 §1): only while the published record shows an edge. */
export const EDGE_HEADLINE: Headline = { lead: "AI-Powered Crypto Signals that", accent: "Actually Work" };
/** Otherwise (no edge shown, or no record yet) a headline that claims nothing the record denies. */
export const MEASURED_HEADLINE: Headline = { lead: "AI-Powered Crypto Signals,", accent: "Measured in the Open" };

/** The hero headline for a record: "Actually Work" only when the record itself says an edge was shown. */
export const heroHeadline = (t: TrackRecord | null | undefined): Headline => (t?.edge === true ? EDGE_HEADLINE : MEASURED_HEADLINE);
