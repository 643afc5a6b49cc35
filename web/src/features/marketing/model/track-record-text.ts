// The words of the one-line track-record note (Home, Pricing, Contact): a win only when the record shows one.
import { formatCount, formatDateUtc, formatMonthRange, formatRatioPercent, formatSignedR } from "@web/lib/format";
import type { TrackRecord } from "../api/track-record";

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
