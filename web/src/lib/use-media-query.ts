// Whether a CSS media query matches, kept in step with the window (screens that lay out differently on a phone).
import { useCallback, useSyncExternalStore } from "react";

/** Below Tailwind's `lg` breakpoint: phones and narrow tablets. */
export const NARROW_SCREEN = "(max-width: 1023.98px)";

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
