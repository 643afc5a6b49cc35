// /trading and /start-trading: sign-in required (toast, then RequireAuth sends to /login); the trading screen plus the
// market socket, whose analysis_progress pushes refresh the screen's live analysis queries.
import { useMarketSocket } from "@web/features/market/hooks/use-market-socket";
import { StartTradingScreen } from "@web/features/trading/components/StartTradingScreen";
import { AuthRequiredToast, RequireAuth } from "../guards";

function SignedInTrading() {
  useMarketSocket();
  return <StartTradingScreen />;
}

export function StartTradingPage() {
  return (
    <>
      <AuthRequiredToast description="Please sign in to access trading features." />
      <RequireAuth>
        <SignedInTrading />
      </RequireAuth>
    </>
  );
}
