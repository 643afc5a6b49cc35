// App-wide providers: TanStack Query, jotai, the router and the toaster; starts the session restore once.
import { QueryClientProvider } from "@tanstack/react-query";
import { Provider as JotaiProvider } from "jotai";
import { useEffect, useState, type ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { Toaster } from "@web/components/ui/toast";
import { initSession, subscribeSession, getAccessToken } from "@web/lib/session";
import { createQueryClient } from "./query-client";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    void initSession();
    // Per-user data must not outlive the session (sign-out here or in another tab).
    let hadToken = getAccessToken() !== null;
    return subscribeSession(() => {
      const has = getAccessToken() !== null;
      if (hadToken && !has) queryClient.clear();
      hadToken = has;
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <BrowserRouter>
          {children}
          <Toaster />
        </BrowserRouter>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
