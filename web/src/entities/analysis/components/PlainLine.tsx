// The plain first line of a result (model/plain-line.ts), shown above the tiles and the detailed reasoning.
import { cn } from "@web/components/ui/cn";
import { plainLine } from "../model/plain-line";

const TONES = { pos: "border-accent/30 bg-accent/[0.06]", neg: "border-negative/30 bg-negative/[0.05]", muted: "border-line-strong bg-white/[0.03]" };

export function PlainLine({ signal, dense = false, className }: { signal: Parameters<typeof plainLine>[0]; dense?: boolean; className?: string }) {
  const line = plainLine(signal);
  if (!line) return null;
  return (
    <p
      data-testid="plain-line"
      className={cn(
        "num rounded-lg border font-semibold leading-snug text-ink",
        dense ? "px-2.5 py-1.5 text-xs" : "px-3 py-2.5 text-sm",
        TONES[line.tone],
        className,
      )}
    >
      {line.text}
    </p>
  );
}
