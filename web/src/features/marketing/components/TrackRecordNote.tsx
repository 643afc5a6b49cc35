// Measured accuracy from GET /api/public/track-record with period and sample size; a neutral line when none exists.
import { BarChart3 } from "lucide-react";
import { cn } from "@web/components/ui/cn";
import { formatCount, formatDateUtc, formatRatioPercent } from "@web/lib/format";
import { NO_TRACK_RECORD_TEXT, useTrackRecord, type TrackRecord } from "../api/track-record";

export function trackRecordSentence(t: TrackRecord): string {
  const period = t.periodStart && t.periodEnd ? ` between ${formatDateUtc(t.periodStart)} and ${formatDateUtc(t.periodEnd)}` : "";
  const exp = t.expectancyR !== null ? `, average result ${t.expectancyR >= 0 ? "+" : ""}${t.expectancyR.toFixed(2)}R per signal` : "";
  return `${formatRatioPercent(t.winRate)} of ${formatCount(t.sampleSize)} closed signals reached take profit${period}${exp} (${t.source}).`;
}

/** Inline text for FAQs and copy. */
export function TrackRecordText() {
  const { data } = useTrackRecord();
  return <>{data ? trackRecordSentence(data) : `${NO_TRACK_RECORD_TEXT}.`}</>;
}

/** A compact stat block for hero areas. */
export function TrackRecordStat({ className }: { className?: string }) {
  const { data } = useTrackRecord();
  return (
    <div data-testid="track-record" className={cn("flex items-start gap-3 rounded-xl border border-line bg-surface/70 p-4", className)}>
      <BarChart3 className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
      {data ? (
        <div>
          <p className="text-sm font-semibold">
            <span className="num text-accent-strong">{formatRatioPercent(data.winRate)}</span> win rate ·{" "}
            <span className="num">{formatCount(data.sampleSize)}</span> signals
          </p>
          <p className="mt-0.5 text-xs text-muted">
            {data.periodStart && data.periodEnd ? `${formatDateUtc(data.periodStart)} – ${formatDateUtc(data.periodEnd)}` : "Measured"}
            {` · ${data.source}`}
          </p>
        </div>
      ) : (
        <div>
          <p className="text-sm font-semibold">Measured, not claimed</p>
          <p className="mt-0.5 text-xs text-muted">{NO_TRACK_RECORD_TEXT}.</p>
        </div>
      )}
    </div>
  );
}
