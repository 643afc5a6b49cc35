// App-wide providers: TanStack Query, jotai on the one app store, the router and the toaster; starts the session restore once.
import { QueryClientProvider } from "@tanstack/react-query";
import { StoreProvider as JotaiProvider } from "@web/lib/store";
import { useEffect, useState, type ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { Toaster } from "@web/components/ui/toast";
import { initSession, signedInAtom } from "@web/lib/session";
import { createQueryClient } from "./query-client";
import { appStore } from "@web/lib/store";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    void initSession();
    // Per-user data must not outlive the session (sign-out here or in another tab); the atom only changes on sign-in/out.
    return appStore.sub(signedInAtom, () => {
      if (!appStore.get(signedInAtom)) queryClient.clear();
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <BrowserRouter>
          {children}
          <Toaster />
        </BrowserRouter>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
