// /trading and /start-trading: sign-in required (toast, then RequireAuth sends to /login); the trading screen plus the
// market socket, whose analysis_progress pushes refresh the screen's live analysis queries.
import { useEffect, useRef } from "react";
import { toast } from "@web/components/ui/toast";
import { useAuthReady, useIsSignedIn } from "@web/lib/session";
import { useMarketSocket } from "@web/features/market/hooks/use-market-socket";
import { StartTradingScreen } from "@web/features/trading/components/StartTradingScreen";
import { RequireAuth } from "../guards";

/** Spec 02 §2: only a visitor who arrives signed out is told why; a session that ends here has its own message. */
function AuthRequiredToast() {
  const ready = useAuthReady();
  const signedIn = useIsSignedIn();
  const hadSession = useRef(false);
  if (signedIn) hadSession.current = true;
  useEffect(() => {
    if (ready && !signedIn && !hadSession.current) {
      toast({ title: "Authentication Required", description: "Please sign in to access trading features.", variant: "destructive" });
    }
  }, [ready, signedIn]);
  return null;
}

function SignedInTrading() {
  useMarketSocket();
  return <StartTradingScreen />;
}

export function StartTradingPage() {
  return (
    <>
      <AuthRequiredToast />
      <RequireAuth>
        <SignedInTrading />
      </RequireAuth>
    </>
  );
}
