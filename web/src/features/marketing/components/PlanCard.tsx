// One credit pack: price, credits, unit price, saving and its action button.
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/Badge";
import { cn } from "@web/components/ui/cn";
import { creditsWord, formatUsd } from "@web/lib/format";
import type { Plan } from "./plans";

export function PlanCard({ plan, action, selected }: { plan: Plan; action: ReactNode; selected?: boolean }) {
  return (
    <article
      data-testid={`plan-${plan.id}`}
      className={cn(
        "relative flex flex-col rounded-xl border bg-surface p-6",
        plan.highlight ? "border-accent/50 shadow-[0_0_0_1px_rgb(16_185_129/0.25),0_20px_60px_-30px_rgb(16_185_129/0.5)]" : "border-line",
        selected && "ring-2 ring-accent",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{plan.name}</h3>
        {selected ? (
          <Badge tone="accent">Selected</Badge>
        ) : plan.badge ? (
          <Badge tone={plan.badge === "POPULAR" ? "accent" : "warn"}>{plan.badge}</Badge>
        ) : null}
      </div>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="num text-4xl font-semibold tracking-tight">{formatUsd(plan.price)}</span>
      </p>
      <p className="mt-1 text-sm text-muted">
        <span className="num font-semibold text-ink">{plan.credits}</span> {creditsWord(plan.credits)}
        <span className="mx-1.5 text-faint">·</span>
        <span className="num">{formatUsd(plan.unitPrice)}</span> per signal
      </p>
      <p className={cn("mt-2 h-5 text-xs font-semibold", plan.savings ? "text-accent-strong" : "text-transparent")}>{plan.savings ?? "—"}</p>
      <ul className="mt-4 flex-1 space-y-2.5 border-t border-line pt-4">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2 text-sm text-muted">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}
