// Checkbox on Radix with an inline label.
import * as C from "@radix-ui/react-checkbox";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

export function Checkbox(props: { id: string; checked: boolean; onCheckedChange: (v: boolean) => void; label: ReactNode; className?: string }) {
  return (
    <div className={cn("flex items-start gap-2.5", props.className)}>
      <C.Root
        id={props.id}
        checked={props.checked}
        onCheckedChange={(v) => props.onCheckedChange(v === true)}
        className="mt-0.5 grid size-4 shrink-0 place-items-center rounded border border-line-strong bg-bg data-[state=checked]:border-accent data-[state=checked]:bg-accent"
      >
        <C.Indicator>
          <Check className="size-3 text-[#03140d]" strokeWidth={3} />
        </C.Indicator>
      </C.Root>
      <label htmlFor={props.id} className="text-sm text-muted">
        {props.label}
      </label>
    </div>
  );
}
