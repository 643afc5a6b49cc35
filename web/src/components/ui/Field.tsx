// Form field: label, control, optional hint and the per-field error text (announced to screen readers).
import type { ReactNode } from "react";
import { cn } from "./cn";

export function Field(props: { id: string; label: string; error?: string | null; hint?: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", props.className)}>
      <label htmlFor={props.id} className="text-[13px] font-medium text-muted">
        {props.label}
      </label>
      {props.children}
      {props.error ? (
        <p id={`${props.id}-error`} role="alert" className="text-[13px] text-negative">
          {props.error}
        </p>
      ) : props.hint ? (
        <p className="text-xs text-faint">{props.hint}</p>
      ) : null}
    </div>
  );
}
