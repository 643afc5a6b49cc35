// The sizer's answer: quantity, notional, loss at stop and gain at target (costs included), then warnings and notes.
import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import type { SizerView } from "../model/sizer-view";

function Figure({ label, testId, tone, sub, children }: { label: string; testId: string; tone?: "pos" | "neg"; sub?: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-md border border-line bg-bg/50 px-2.5 py-2">
      <dt className="text-[10px] font-semibold uppercase tracking-[0.08em] text-faint">{label}</dt>
      <dd
        data-testid={testId}
        className={cn(
          "num mt-0.5 break-words font-mono text-[13px] font-semibold",
          tone === "pos" ? "text-accent-strong" : tone === "neg" ? "text-rose-300" : "text-ink",
        )}
      >
        {children}
      </dd>
      {sub ? (
        <dd data-testid={`${testId}-share`} className="num text-[10px] text-faint">
          {sub}
        </dd>
      ) : null}
    </div>
  );
}

export function SizerFigures({ view }: { view: SizerView }) {
  return (
    <div>
      <dl className="grid grid-cols-2 gap-1.5">
        <Figure label="Quantity" testId="sizer-quantity">
          {view.quantity}
        </Figure>
        <Figure label="Notional" testId="sizer-notional">
          {view.notional}
        </Figure>
        <Figure label="Loss at stop" testId="sizer-loss" tone="neg" sub={view.lossShare}>
          {view.loss}
        </Figure>
        <Figure label="Gain at target" testId="sizer-gain" tone="pos" sub={view.gainShare}>
          {view.gain}
        </Figure>
      </dl>
      <p data-testid="sizer-costs" className="mt-2 text-[11px] leading-snug text-muted">
        {view.costs}
      </p>
      {view.warnings.length > 0 ? (
        <ul data-testid="sizer-warnings" className="mt-2 space-y-1 rounded-md border border-warn/30 bg-warn/[0.06] px-2.5 py-2">
          {view.warnings.map((w) => (
            <li key={w} className="flex gap-1.5 text-[11px] leading-snug text-amber-200">
              <AlertTriangle className="mt-px size-3.5 shrink-0 text-warn" aria-hidden />
              {w}
            </li>
          ))}
        </ul>
      ) : null}
      <p data-testid="sizer-lot" className="num mt-2 font-mono text-[11px] text-muted">
        {view.lotText}
      </p>
      <ul data-testid="sizer-notes" className="mt-1 space-y-1 text-[11px] leading-snug text-faint">
        {view.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}
