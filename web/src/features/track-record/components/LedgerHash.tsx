// A ledger hash in full, monospaced: it is what people compare against a copy, so it wraps rather than being cut.
import { cn } from "@web/components/ui/cn";

export function LedgerHash({ value, className }: { value: string; className?: string }) {
  return <code className={cn("block font-mono text-xs leading-relaxed break-all", className)}>{value}</code>;
}
