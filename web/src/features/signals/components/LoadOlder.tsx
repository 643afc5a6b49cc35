// The foot of the signals table: how many rows are shown of how many match, and the older pages, loaded when the foot
// scrolls into view (or by its button, for keyboards and when the observer is unavailable).
import { useEffect, useRef } from "react";
import { Spinner } from "@web/components/ui/Spinner";
import { describeFetchError } from "@web/lib/fetch-errors";

export function LoadOlder(props: { shown: number; total: number; hasOlder: boolean; loading: boolean; error: unknown; onLoad: () => void }) {
  const { hasOlder, loading, onLoad } = props;
  const foot = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  // Load more on scroll: the foot entering the table's scroll area (or the page) asks for the next page.
  useEffect(() => {
    const el = foot.current;
    if (!el || !hasOlder || loading || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasOlder, loading]);

  return (
    <div
      ref={foot}
      data-testid="signals-foot"
      className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-4 py-2.5 text-xs text-muted"
    >
      <span className="num" data-testid="signals-shown">
        Showing {props.shown} of {props.total}
      </span>
      {props.error ? <span className="text-negative">{describeFetchError(props.error)}</span> : null}
      {hasOlder ? (
        <button
          type="button"
          onClick={onLoad}
          disabled={loading}
          className="inline-flex h-7 items-center gap-1.5 rounded-md border border-line-strong px-2.5 font-medium text-ink hover:border-accent/50 disabled:opacity-60"
        >
          {loading ? <Spinner className="size-3.5" label="Loading older signals" /> : null}
          {loading ? "Loading…" : "Load older"}
        </button>
      ) : (
        <span className="text-faint">{props.total > 0 ? "All loaded" : null}</span>
      )}
    </div>
  );
}
