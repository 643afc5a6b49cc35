// One running analysis (spec 02 §2, §4): status, ID, start time, 'Next: mm:ss', held credit, rotating phase message, reasoning.
import { useQueryClient } from "@tanstack/react-query";
import { formatUtcClock } from "@web/lib/format";
import { CheckCircle2, ChevronDown, Clock, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "@web/components/ui/cn";
import { ProgressBar } from "@web/components/ui/ProgressBar";
import { useAnalysisDetail } from "@web/entities/analysis/api/analysis-detail";
import { MarketTime } from "@web/entities/analysis/components/MarketTime";
import { DETAIL_FAILED, failureText } from "@web/entities/analysis/model/fetch-failures";
import type { AnalysisStatus } from "@core/contract/status";
import { formatCountdown, secondsLeft } from "@web/entities/analysis/model/countdown";
import type { Analysis, LatestReasoning } from "@web/entities/analysis/api/decode-analysis";
import { useLatestReasoning } from "@web/entities/analysis/api/latest-reasoning";
import { useNow } from "@web/lib/use-now";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import { ADVANCE_REFETCH_MS, ADVANCING_MESSAGE, PHASES, clampPhase, isAdvancing, phaseMessage } from "../model/phase-messages";
import { LIVE_REASON_MAX, hasTimeframe, truncateText } from "../model/reasoning-text";

const timeOf = (iso: string | null) => formatUtcClock(iso, { seconds: true });

function StatusIcon({ status }: { status: AnalysisStatus }) {
  if (status === "IN_PROGRESS") return <Loader2 className="size-4 animate-spin text-accent" aria-label="In progress" />;
  if (status === "COMPLETED") return <CheckCircle2 className="size-4 text-accent" aria-label="Completed" />;
  if (status === "FAILED") return <XCircle className="size-4 text-negative" aria-label="Failed" />;
  return <Clock className="size-4 text-muted" aria-label={status} />;
}

/** Three segments, filled up to the running phase. */
function PhaseSteps({ phase, done }: { phase: number; done: boolean }) {
  return (
    <div className="flex gap-1" aria-hidden>
      {PHASES.map((p, i) => (
        <span
          key={p.name}
          className={cn("h-1 w-6 rounded-full", done || i + 1 < phase ? "bg-accent" : i + 1 === phase ? "animate-pulse bg-accent/60" : "bg-white/10")}
        />
      ))}
    </div>
  );
}

/** The full reasoning of the newest phase, its timeframe and confirmation criteria ("View Reasoning"). */
function ReasoningPanel({ reasoning, loading }: { reasoning: LatestReasoning | null; loading: boolean }) {
  return (
    <div className="mt-2 space-y-2.5 rounded-md border border-line bg-surface/60 p-3 text-[13px] leading-relaxed">
      <p className="whitespace-pre-line text-ink/90">
        {reasoning?.full_reasoning ?? reasoning?.reason ?? (loading ? "Loading…" : "No reasoning yet")}
      </p>
      {hasTimeframe(reasoning?.timeframe) ? (
        <p className="text-xs text-muted">
          Timeframe: <span className="font-mono text-ink">{reasoning?.timeframe}</span>
        </p>
      ) : null}
      {reasoning && reasoning.confirmation_criteria.length > 0 ? (
        <div>
          <p className="text-xs font-semibold text-muted">Confirmation criteria</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-ink/80">
            {reasoning.confirmation_criteria.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Symbol, status, id and the countdown; when it started (and the market time it read) and the held credit. */
function ItemHeader(props: {
  analysis: Analysis;
  status: AnalysisStatus;
  inProgress: boolean;
  left: number | null;
  marketTimeMs: number | null | undefined;
}) {
  const { analysis } = props;
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <StatusIcon status={props.status} />
          <span className="font-mono text-sm font-semibold">{analysis.symbol}</span>
          <span className="num text-xs text-faint">#{analysis.id}</span>
        </div>
        <span className="num shrink-0 font-mono text-xs text-muted" role="timer" aria-label="Countdown">
          Next: <span className={cn("font-semibold", props.inProgress ? "text-ink" : "text-faint")}>{formatCountdown(props.left)}</span>
        </span>
      </div>
      <div className="mt-1.5 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted">
        <span className="num">
          Started {timeOf(analysis.created_at)}
          <MarketTime marketTimeMs={props.marketTimeMs} createdAt={analysis.created_at} className="mt-0.5" />
        </span>
        <span className="rounded border border-warn/30 bg-warn/10 px-1.5 py-0.5 text-[11px] font-medium text-amber-300">Hold credit: 1</span>
      </div>
    </>
  );
}

/** `listUpdatedAt`: when the list row arrived, so a bare time_remaining_seconds still counts down. */
export function LiveAnalysisItem({ analysis, listUpdatedAt }: { analysis: Analysis; listUpdatedAt: number }) {
  const qc = useQueryClient();
  const id = analysis.id;
  const detailQuery = useAnalysisDetail(id);
  const detail = detailQuery.data ?? null;
  const now = useNow(1_000);
  const [open, setOpen] = useState(false);

  // The list and the detail are polled separately (and the socket refreshes either): use whichever is further on.
  const listPhase = analysis.current_phase;
  const detailAhead = detail !== null && (detail.current_phase ?? 0) >= (listPhase ?? 0);
  const source = detailAhead ? detail : analysis;
  const status = detail?.status === "COMPLETED" ? detail.status : source.status;
  const inProgress = status === "IN_PROGRESS";
  const phase = clampPhase(Math.max(listPhase ?? 1, detail?.current_phase ?? 1));
  const left = secondsLeft(source.next_run_at, now, {
    seconds: source.time_remaining_seconds,
    receivedAtMs: detailAhead ? detailQuery.dataUpdatedAt : listUpdatedAt,
  });
  const advancing = isAdvancing({ detailPhase: detail?.current_phase, currentPhase: listPhase, secondsLeft: left, inProgress });

  const reasoningQuery = useLatestReasoning(id, inProgress);
  const reasoning = reasoningQuery.data ?? null;
  const reason = reasoning?.reason || analysis.latest_reasoning?.reason || null;

  // Each phase's messages rotate from the moment the phase is first seen.
  const phaseStart = useRef({ phase, at: now });
  if (phaseStart.current.phase !== phase) phaseStart.current = { phase, at: now };
  const message = advancing ? ADVANCING_MESSAGE : phaseMessage(phase, now - phaseStart.current.at);

  const refetchDetail = detailQuery.refetch;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed per analysis and after every answer (dataUpdatedAt)
  useEffect(() => {
    if (!advancing) return;
    const timer = setTimeout(() => void refetchDetail(), ADVANCE_REFETCH_MS);
    return () => clearTimeout(timer);
    // Re-armed after every answer while the detail still lags.
  }, [advancing, id, refetchDetail, detailQuery.dataUpdatedAt]);

  // A detail that has settled means the active list is out of date.
  const settled = detail !== null && detail.status !== "IN_PROGRESS";
  useEffect(() => {
    if (settled) void qc.invalidateQueries({ queryKey: analysisKeys.active() });
  }, [settled, qc]);

  const progress = (source.progress_percent ?? analysis.progress_percent) || null;
  return (
    <li className="rounded-lg border border-line bg-bg/40 p-3.5" data-testid="live-analysis" aria-label={`${analysis.symbol} analysis`}>
      <ItemHeader analysis={analysis} status={status} inProgress={inProgress} left={left} marketTimeMs={(detail ?? analysis).market_time_ms} />
      <div className="mt-3 flex items-center gap-3">
        <PhaseSteps phase={phase} done={!inProgress} />
        <span className="text-[11px] font-semibold uppercase tracking-wide text-muted">
          Phase {phase}/3 · {PHASES[phase - 1].name}
        </span>
      </div>
      <ProgressBar className="mt-2" value={progress} label={`${analysis.symbol} progress`} />
      <p className={cn("mt-2.5 text-[13px]", advancing ? "text-amber-300" : "text-accent-strong")} aria-live="polite" data-testid="phase-message">
        {message}
      </p>
      {detailQuery.isError ? (
        <p role="alert" data-testid="detail-error" className="mt-1.5 text-xs text-negative">
          {failureText(detailQuery.error, DETAIL_FAILED)}
        </p>
      ) : null}
      {reason ? <p className="mt-1.5 text-[13px] leading-relaxed text-muted">{truncateText(reason, LIVE_REASON_MAX)}</p> : null}
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        className="mt-2 inline-flex items-center gap-1 text-xs font-semibold text-accent-strong hover:underline"
      >
        {open ? "Hide Reasoning" : "View Reasoning"}
        <ChevronDown className={cn("size-3.5 transition-transform", open && "rotate-180")} aria-hidden />
      </button>
      {open ? <ReasoningPanel reasoning={reasoning} loading={reasoningQuery.isPending} /> : null}
    </li>
  );
}
