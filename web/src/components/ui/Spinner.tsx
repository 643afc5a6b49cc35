// Loading indicators: an inline spinner and the full-area 'Loading...' state used while auth resolves.
import { Loader2 } from "lucide-react";
import { cn } from "./cn";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return <Loader2 aria-label={label ?? "Loading"} className={cn("size-5 animate-spin text-accent", className)} />;
}

export function PageSpinner({ text = "Loading..." }: { text?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted">
      <Spinner className="size-7" label={text} />
      <p className="text-sm">{text}</p>
    </div>
  );
}
