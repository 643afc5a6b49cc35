// Select on Radix: a styled single-choice dropdown for short option lists.
import * as S from "@radix-ui/react-select";
import { Check, ChevronDown } from "lucide-react";
import { cn } from "./cn";

export function Select(props: {
  id: string;
  value: string;
  onValueChange: (v: string) => void;
  options: readonly string[];
  /** Display text per option where it differs from the value (e.g. NO_TRADE shown as "NO TRADE"). */
  labels?: Readonly<Record<string, string>>;
  placeholder?: string;
  invalid?: boolean;
  className?: string;
}) {
  return (
    // Always controlled: "" shows the placeholder (undefined would hand the choice to Radix, which keeps the old one).
    <S.Root value={props.value} onValueChange={props.onValueChange}>
      <S.Trigger
        id={props.id}
        aria-invalid={props.invalid || undefined}
        className={cn(
          "flex h-10 w-full items-center justify-between rounded-lg border bg-bg/60 px-3 text-sm text-ink",
          "focus:outline-none focus:border-accent/70 focus:ring-2 focus:ring-accent/20 data-[placeholder]:text-faint",
          props.invalid ? "border-negative/70" : "border-line-strong hover:border-faint",
          props.className,
        )}
      >
        <S.Value placeholder={props.placeholder ?? "Select…"} />
        <S.Icon>
          <ChevronDown className="size-4 text-muted" />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-line-strong bg-surface-2 shadow-2xl"
        >
          <S.Viewport className="p-1">
            {props.options.map((o) => (
              <S.Item
                key={o}
                value={o}
                className="relative flex cursor-pointer select-none items-center rounded-md py-2 pl-8 pr-3 text-sm text-ink outline-none data-[highlighted]:bg-accent/15 data-[highlighted]:text-accent-strong"
              >
                <S.ItemIndicator className="absolute left-2.5">
                  <Check className="size-3.5" />
                </S.ItemIndicator>
                <S.ItemText>{props.labels?.[o] ?? o}</S.ItemText>
              </S.Item>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}
