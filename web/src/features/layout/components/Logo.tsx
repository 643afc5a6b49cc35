// Tradewind wordmark with its mark.
import { Link } from "react-router";

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" onClick={onClick} className="flex items-center gap-2 font-semibold tracking-tight" aria-label="Tradewind home">
      <span className="grid size-7 place-items-center rounded-md bg-accent/15 ring-1 ring-accent/40">
        <svg
          viewBox="0 0 24 24"
          className="size-4 text-accent-strong"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.4}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
        >
          <path d="M3 17l5-6 4 3 8-9" />
          <path d="M15 5h5v5" />
        </svg>
      </span>
      <span className="text-[15px]">Tradewind</span>
    </Link>
  );
}
