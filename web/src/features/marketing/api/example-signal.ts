// GET /api/public/example-signal: the newest settled signal the landing page shows as its example card (no typed figures).
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { publicKeys } from "./keys";
import { readExampleSignal, type ExampleSignal } from "./decode-public";

export { readExampleSignal, type ExampleSignal };

export function useExampleSignal() {
  return useQuery({ queryKey: publicKeys.exampleSignal(), queryFn: () => apiQuery("/api/public/example-signal"), select: readExampleSignal });
}
