// Measured record from GET /api/public/track-record with period and sample size; "no edge" when none was shown; a neutral line when none exists.
import { ArrowRight, BarChart3, Scale } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@web/components/ui/cn";
import { formatCount, formatDateUtc, formatRatioPercent } from "@web/lib/format";
import { NO_TRACK_RECORD_TEXT, type TrackRecord } from "../api/decode-track-record";
import { useTrackRecord } from "../api/track-record";
import { HOW_WE_MEASURE_TEXT, sampleText, trackRecordSentence } from "../model/track-record-text";

function HowWeMeasure({ className }: { className?: string }) {
  return (
    <Link to="/about" className={cn("inline-flex items-center gap-1 font-semibold text-accent-strong hover:underline", className)}>
      {HOW_WE_MEASURE_TEXT}
      <ArrowRight className="size-3" aria-hidden />
    </Link>
  );
}

/** Inline text for FAQs and copy. */
export function TrackRecordText() {
  const { data } = useTrackRecord();
  if (!data) return <>{`${NO_TRACK_RECORD_TEXT}.`}</>;
  return (
    <>
      {trackRecordSentence(data)} <HowWeMeasure />
    </>
  );
}

const WHERE_SHORT: Record<TrackRecord["source"], string> = {
  "live signals": "live signals",
  "out-of-fold testing": "out-of-fold testing",
  "out-of-sample backtest": "the backtest",
};

function NoEdge({ data }: { data: TrackRecord }) {
  return (
    <div>
      <p className="text-sm font-semibold">No edge detected in {WHERE_SHORT[data.source]}</p>
      <p className="num mt-0.5 text-xs text-muted">
        {sampleText(data)} · <HowWeMeasure className="whitespace-nowrap" />
      </p>
    </div>
  );
}

function Measured({ data }: { data: TrackRecord }) {
  return (
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
  );
}

/** A compact stat block for hero areas. */
export function TrackRecordStat({ className }: { className?: string }) {
  const { data } = useTrackRecord();
  const noEdge = data?.edge === false;
  const Icon = noEdge ? Scale : BarChart3;
  return (
    <div data-testid="track-record" className={cn("flex items-start gap-3 rounded-xl border border-line bg-surface/70 p-4", className)}>
      <Icon className={cn("mt-0.5 size-5 shrink-0", noEdge ? "text-amber-300" : "text-accent")} aria-hidden />
      {data && noEdge ? (
        <NoEdge data={data} />
      ) : data ? (
        <Measured data={data} />
      ) : (
        <div>
          <p className="text-sm font-semibold">Measured, not claimed</p>
          <p className="mt-0.5 text-xs text-muted">{NO_TRACK_RECORD_TEXT}.</p>
        </div>
      )}
    </div>
  );
}
