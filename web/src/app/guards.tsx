// Route guards: signed-in routes wait for the session restore ('Loading...'), then go to /login (remembering the page
// asked for); /login sends signed-in users on, to that page or the dashboard.
import { useEffect, useRef, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "@web/components/ui/Spinner";
import { afterSignInPath } from "@web/features/auth/model/sign-in";
import { toast } from "@web/components/ui/toast";
import { useAuthReady, useIsSignedIn } from "@web/lib/session";

export function RequireAuth({ children }: { children: ReactNode }) {
  const ready = useAuthReady();
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const hadSession = useRef(false);
  if (signedIn) hadSession.current = true;
  if (signedIn) return children;
  if (!ready) return <PageSpinner />;
  // A visitor who arrived signed out comes back here after sign-in; a session that ended on the page does not.
  const state = hadSession.current ? undefined : { from: location.pathname + location.search };
  return <Navigate to="/login" replace state={state} />;
}

/**
 * Spec 02 §2: a visitor who arrives signed out is told why (then RequireAuth sends them to /login); a session that
 * ends on the page (Sign Out) has its own message, so no toast then.
 */
export function AuthRequiredToast({ description }: { description: string }) {
  const ready = useAuthReady();
  const signedIn = useIsSignedIn();
  const hadSession = useRef(false);
  if (signedIn) hadSession.current = true;
  useEffect(() => {
    if (ready && !signedIn && !hadSession.current) toast({ title: "Authentication Required", description, variant: "destructive" });
  }, [ready, signedIn, description]);
  return null;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const ready = useAuthReady();
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (signedIn) return <Navigate to={afterSignInPath(location.state)} replace />;
  if (!ready) return <PageSpinner />;
  return children;
}

/** For pages whose content depends on the auth state (home): spinner until the session restore settles. */
export function AuthSettled({ children }: { children: ReactNode }) {
  const ready = useAuthReady();
  const signedIn = useIsSignedIn();
  if (!ready && !signedIn) return <PageSpinner />;
  return children;
}
