// Credits counter in the nav: the live balance (the profile's credits when the balance call fails), refetched on focus.
import { Coins } from "lucide-react";
import { Link } from "react-router";
import { useCredits } from "@web/entities/user/hooks/use-credits";
import { cn } from "@web/components/ui/cn";
import { creditsWord } from "@web/lib/format";

export function CreditsCounter({ className }: { className?: string }) {
  const { credits, loading } = useCredits();
  const text = credits !== null ? String(credits) : loading ? "…" : "—";
  return (
    <Link
      to="/pricing"
      title="Credits available — buy more on Pricing"
      data-testid="credits-counter"
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-lg border border-line-strong bg-surface-2 px-2.5 text-[13px] font-medium hover:border-accent/50",
        className,
      )}
    >
      <Coins className="size-3.5 text-warn" aria-hidden />
      <span className="num">{text}</span>
      <span className="text-muted">{creditsWord(credits)}</span>
    </Link>
  );
}
