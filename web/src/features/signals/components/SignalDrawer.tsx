// Side drawer opened by View: id or AN number, date, timeframe, tiles and "Why this setup" (or the NO TRADE notice and the
// pairs clearing the bar), reasoning, Close / New Analysis.
import { confidencePercent } from "@web/entities/signal/api/decode-signal";
import * as D from "@radix-ui/react-dialog";
import { Ban, X } from "lucide-react";
import type { ReactNode } from "react";
import { ClearingTheBar } from "@web/entities/signal/components/ClearingTheBar";
import { BestSideNote, WhyThisSetup } from "@web/entities/signal/components/WhyThisSetup";
import { PlainLine } from "@web/entities/analysis/components/PlainLine";
import { Button, ButtonLink } from "@web/components/ui/Button";
import { cn } from "@web/components/ui/cn";
import { EscapeThroughToasts } from "@web/components/ui/escape-through-toasts";
import { formatPrice } from "@web/lib/format";
import { outcomeView } from "@web/entities/signal/model/signal-outcome";
import { useAnalysisDetail } from "@web/entities/analysis/api/analysis-detail";
import { MarketTime } from "@web/entities/analysis/components/MarketTime";
import { SignalChart } from "@web/entities/signal/components/SignalChart";
import { TradeTools } from "@web/entities/signal/components/TradeTools";
import { DETAIL_FAILED, failureText } from "@web/entities/analysis/model/fetch-failures";
import { useLatestReasoning } from "@web/entities/analysis/api/latest-reasoning";
import { liveProgress, type Row } from "../model/rows";
import { formatRowDate } from "./SignalsTable";
import { LiveTag, StatusBadge, TypeBadge } from "./SignalBadges";

export const LOADING_TEXT = "Loading…";
export const NO_REASONING_TEXT = "No reasoning yet.";

function Tile({ label, children, tone }: { label: string; children: ReactNode; tone?: "pos" | "neg" | "muted" }) {
  return (
    <div className="rounded-lg border border-line bg-bg/50 px-3 py-2.5">
      <p className="text-[10px] font-semibold uppercase tracking-[0.08em] text-faint">{label}</p>
      <div
        className={cn(
          "num mt-1 font-mono text-sm font-semibold",
          tone === "pos" && "text-accent-strong",
          tone === "neg" && "text-rose-400",
          tone === "muted" && "text-muted",
        )}
      >
        {children}
      </div>
    </div>
  );
}

function ReasoningBlock({ row }: { row: Row }) {
  const analysisId = row.kind === "analysis" ? row.analysis.id : null;
  const reasoning = useLatestReasoning(analysisId, row.live);
  let text: string;
  if (row.kind === "signal") text = row.signal.reasoning || NO_REASONING_TEXT;
  else if (reasoning.isPending) text = LOADING_TEXT;
  else text = reasoning.data?.full_reasoning || reasoning.data?.reason || row.analysis.latest_reasoning?.reason || NO_REASONING_TEXT;
  return (
    <section className="mt-5">
      <h3 className="text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">{row.live ? "Live Reasoning" : "Reasoning"}</h3>
      <p
        data-testid="drawer-reasoning"
        className="mt-2 whitespace-pre-line rounded-lg border border-line bg-bg/40 p-3 text-[13px] leading-relaxed text-ink/90"
      >
        {text}
      </p>
      {row.kind === "analysis" && reasoning.data && reasoning.data.confirmation_criteria.length > 0 ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-xs text-muted">
          {reasoning.data.confirmation_criteria.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Symbol and id, when it ran (and the market time it read), the timeframe, the model version that decided it, and the X. */
function DrawerHeader(props: { row: Row; ident: string; timeframe: string | null; marketTimeMs: number | null | undefined }) {
  const { row, ident, timeframe, marketTimeMs } = props;
  const modelVersion = row.kind === "signal" ? row.signal.model_version : null;
  return (
    <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
      <div className="min-w-0">
        <D.Title className="flex items-center gap-2 font-mono text-base font-semibold">
          {row.symbol}
          <span className="text-xs font-medium text-muted">{ident}</span>
        </D.Title>
        <D.Description className="num mt-1 text-xs text-muted">
          {formatRowDate(row.created_at)}
          {timeframe ? ` · ${timeframe}` : ""}
        </D.Description>
        <MarketTime marketTimeMs={marketTimeMs} createdAt={row.created_at} className="mt-0.5" />
        {modelVersion ? (
          <p data-testid="model-version" className="mt-0.5 text-[11px] text-muted">
            Model {modelVersion}
          </p>
        ) : null}
      </div>
      <D.Close aria-label="Close drawer" className="rounded-md p-1.5 text-muted hover:bg-white/5 hover:text-ink">
        <X className="size-5" />
      </D.Close>
    </div>
  );
}

function DrawerBody({ row }: { row: Row }) {
  const detail = useAnalysisDetail(row.kind === "analysis" && row.live ? row.analysis.id : null);
  const analysis = row.kind === "analysis" ? (detail.data ?? row.analysis) : null;
  const signal = row.kind === "signal" ? row.signal : null;
  const ident = signal ? `ID #${signal.id}` : `AN-${row.kind === "analysis" ? row.analysis.id : ""}`;
  const timeframe = signal?.timeframe ?? null;
  const status = analysis?.status ?? row.status;
  const outcome = signal ? outcomeView(signal.outcome, signal.r_multiple) : null;
  return (
    <>
      <DrawerHeader row={row} ident={ident} timeframe={timeframe} marketTimeMs={(signal ?? analysis)?.market_time_ms} />
      <div className="flex-1 overflow-y-auto px-5 py-4">
        {detail.isError ? (
          <p
            role="alert"
            data-testid="detail-error"
            className="mb-3 rounded-lg border border-negative/30 bg-negative/[0.05] px-3 py-2 text-xs text-rose-300"
          >
            {failureText(detail.error, DETAIL_FAILED)}
          </p>
        ) : null}
        {signal ? <PlainLine signal={signal} className="mb-3" /> : null}
        {signal?.no_trade ? (
          <div data-testid="no-trade-notice" className="flex gap-3 rounded-lg border border-line-strong bg-white/[0.03] p-4">
            <Ban className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />
            <div>
              <p className="text-sm font-semibold">NO TRADE</p>
              <p className="mt-1 text-xs leading-relaxed text-muted">
                The AI judged this setup unfavourable, so no entry was issued.
                {signal.credits_status === "RELEASED" ? " Your credit was refunded." : ""}
              </p>
              {signal.context ? <BestSideNote context={signal.context} className="mt-2" /> : null}
            </div>
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Tile label="Signal">{signal ? <TypeBadge type={signal.type} /> : row.live ? <LiveTag /> : "—"}</Tile>
            {analysis && row.live ? (
              <Tile label="Progress">{liveProgress(analysis)}%</Tile>
            ) : (
              <Tile label="Confidence">
                {/* The calibrated chance the target is hit before the stop, so '18%' is not read as '82% it fails'. */}
                <span data-testid="confidence-tile">{signal ? `${confidencePercent(signal)}% target first` : "—"}</span>
              </Tile>
            )}
            <Tile label="Entry">{formatPrice(signal?.entry_price)}</Tile>
            <Tile label="TP" tone="pos">
              {formatPrice(signal?.take_profit)}
            </Tile>
            <Tile label="SL" tone="neg">
              {formatPrice(signal?.stop_loss)}
            </Tile>
            <Tile label="RR">{signal?.rr_ratio != null ? signal.rr_ratio.toFixed(2) : "—"}</Tile>
            <Tile label="Timeframe">{timeframe ?? "—"}</Tile>
            <Tile label="Status">
              <StatusBadge status={status} live={row.live} />
            </Tile>
            {signal?.entry_timing ? <Tile label="Entry Timing">{signal.entry_timing}</Tile> : null}
            {outcome ? (
              <Tile label="Outcome" tone={outcome.tone}>
                <span data-testid="signal-outcome">{outcome.text}</span>
              </Tile>
            ) : null}
          </div>
        )}
        {signal && !signal.no_trade ? <SignalChart signal={signal} /> : null}
        {signal?.context && !signal.no_trade ? <WhyThisSetup context={signal.context} symbol={signal.symbol} /> : null}
        {signal && !signal.no_trade ? <TradeTools signal={signal} /> : null}
        {signal?.context && signal.no_trade ? <ClearingTheBar context={signal.context} createdAt={signal.created_at} /> : null}
        <ReasoningBlock row={row} />
      </div>
      <div className="flex gap-2 border-t border-line px-5 py-4">
        <D.Close asChild>
          <Button variant="secondary" className="flex-1">
            Close
          </Button>
        </D.Close>
        <ButtonLink to="/trading" className="flex-1">
          New Analysis
        </ButtonLink>
      </div>
    </>
  );
}

export function SignalDrawer({ row, onClose }: { row: Row | null; onClose: () => void }) {
  return (
    <D.Root open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px]" />
        <D.Content
          data-testid="signal-drawer"
          className="panel-slide fixed inset-y-0 right-0 z-50 flex w-full max-w-[28rem] flex-col border-l border-line-strong bg-surface shadow-2xl"
        >
          {row ? <DrawerBody row={row} /> : null}
          <EscapeThroughToasts />
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
