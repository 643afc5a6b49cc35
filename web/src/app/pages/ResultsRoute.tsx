// /results: sign-in required (toast, then RequireAuth sends to /login); the trader's own track record.
import { ResultsPage } from "@web/features/results/components/ResultsPage";
import { AuthRequiredToast, RequireAuth } from "../guards";

export function ResultsRoute() {
  return (
    <>
      <AuthRequiredToast description="Please sign in to see your results." />
      <RequireAuth>
        <ResultsPage />
      </RequireAuth>
    </>
  );
}
