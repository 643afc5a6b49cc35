// Pre-analysis gate banner: status, first reason, action and further reasons; hidden for CAUTION + WAIT…, red for NO…
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { cn } from "@web/components/ui/cn";
import { gateTone, gateVisible, usePreAnalysis } from "../api/pre-analysis";

const humanize = (s: string) => s.replace(/_/g, " ");

export function GateBanner() {
  const { data } = usePreAnalysis();
  if (!data || !gateVisible(data)) return null;
  const red = gateTone(data) === "negative";
  const Icon = red ? ShieldAlert : ShieldCheck;
  const [first, ...rest] = data.reasons;
  return (
    <section
      data-testid="gate-banner"
      aria-label="Pre-analysis gate"
      className={cn("rounded-xl border px-4 py-3", red ? "border-negative/40 bg-negative/[0.07]" : "border-accent/35 bg-accent/[0.06]")}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Icon className={cn("size-4", red ? "text-rose-400" : "text-accent-strong")} aria-hidden />
        <span className={cn("text-sm font-semibold", red ? "text-rose-300" : "text-accent-strong")}>{humanize(data.status)}</span>
        {first ? <span className="text-sm text-ink/90">{first}</span> : null}
        {data.action ? (
          <span className="ml-auto rounded-md border border-line-strong bg-bg/40 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-muted">
            {humanize(data.action)}
          </span>
        ) : null}
      </div>
      {rest.length > 0 ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-9 text-xs text-muted">
          {rest.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
