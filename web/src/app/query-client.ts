// The app's QueryClient with spec 01 §9 defaults: fresh 300 s, collected after 5 min, no retries, no focus refetch.
// No default fetcher: keys are entity factories, not paths, so each query names its fetcher beside its key.
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 300_000,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
