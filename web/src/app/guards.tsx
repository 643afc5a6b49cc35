// Route guards: signed-in routes wait for the session restore ('Loading...'), then go to /login; /login sends signed-in users on.
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "@web/components/ui/Spinner";
import { useAuthReady, useIsSignedIn } from "@web/lib/session";

export function RequireAuth({ children }: { children: ReactNode }) {
  const ready = useAuthReady();
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (signedIn) return children;
  if (!ready) return <PageSpinner />;
  return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const ready = useAuthReady();
  const signedIn = useIsSignedIn();
  if (signedIn) return <Navigate to="/dashboard" replace />;
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
