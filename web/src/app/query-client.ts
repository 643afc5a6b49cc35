// The app's QueryClient with spec 01 §9 defaults: fresh 300 s, collected after 5 min, no retries, no focus refetch.
import { QueryClient } from "@tanstack/react-query";
import { defaultQueryFn } from "@web/lib/api";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: 300_000,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
