// App-wide effects: on every route change scroll to the top, then a `tw:pageview` window event 150 ms later (no
// external analytics), and close the old page's toast when the visitor went elsewhere; signed in, the user's own
// pushes refresh their lists.
import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { dismissToast } from "@web/components/ui/toast";
import { useUserPushes } from "@web/entities/analysis/hooks/use-user-pushes";

export const PAGEVIEW_EVENT = "tw:pageview";
export const PAGEVIEW_DELAY_MS = 150;
export type PageViewDetail = { path: string; search: string; title: string };

export function RouteEffects() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  useUserPushes();
  // A toast belongs to its page: a link or Back closes it, so it never covers the next page's buttons. The app's own
  // redirects (always "replace") keep it: it says why the visitor was moved ("Authentication Required", "Logged out").
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new pathname is the trigger, though the effect does not read it
  useEffect(() => {
    if (navigationType !== "REPLACE") dismissToast();
  }, [pathname, navigationType]);
  useEffect(() => {
    window.scrollTo(0, 0);
    // The delay lets the new page set its title before the event is recorded.
    const timer = window.setTimeout(() => {
      const detail: PageViewDetail = { path: pathname, search, title: document.title };
      window.dispatchEvent(new CustomEvent(PAGEVIEW_EVENT, { detail }));
    }, PAGEVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
