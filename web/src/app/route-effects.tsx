// App-wide effects: on every route change scroll to the top, then a `tw:pageview` window event 150 ms later (no
// external analytics); signed in, the user's own pushes refresh their lists.
import { useEffect } from "react";
import { useUserPushes } from "@web/entities/user/hooks/use-user-pushes";
import { useLocation } from "react-router";

export const PAGEVIEW_EVENT = "tw:pageview";
export const PAGEVIEW_DELAY_MS = 150;
export type PageViewDetail = { path: string; search: string; title: string };

export function RouteEffects() {
  const { pathname, search } = useLocation();
  useUserPushes();
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
