// Sets document.title for the current page (read by the page-view event).
import { useEffect } from "react";

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Tradewind`;
  }, [title]);
}
