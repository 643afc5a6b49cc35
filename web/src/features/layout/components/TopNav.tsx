// Top navigation bar: links per auth state, credits, Sign In/Out and Start Trading; a hamburger below lg.
import { LogOut, Zap } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { Button, ButtonLink } from "@web/components/ui/Button";
import { cn } from "@web/components/ui/cn";
import { useIsSignedIn } from "@web/lib/session";
import { CreditsCounter } from "./CreditsCounter";
import { Logo } from "./Logo";
import { MobileNav } from "./MobileNav";
import { navLinksFor, startTradingTarget } from "../model/nav-items";
import { useSignOut } from "@web/entities/user/hooks/use-sign-out";

/** `signedInExtra`: controls other features add beside the credits when signed in (app/ mounts the alerts bell). */
export function TopNav({ signedInExtra }: { signedInExtra?: ReactNode }) {
  const signedIn = useIsSignedIn();
  const signOut = useSignOut();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/85 backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
          {navLinksFor(signedIn).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              className={({ isActive }) =>
                cn("rounded-md px-3 py-1.5 text-[13px] font-medium transition-colors", isActive ? "bg-white/5 text-ink" : "text-muted hover:text-ink")
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        {/* Rendered once for both layouts: the extra (the alerts bell) holds a socket of its own. */}
        {signedIn && signedInExtra ? <div className="ml-auto flex items-center">{signedInExtra}</div> : null}
        <div className={cn("hidden items-center gap-2 lg:flex", !(signedIn && signedInExtra) && "ml-auto")}>
          {signedIn ? (
            <>
              <CreditsCounter />
              <Button variant="ghost" size="sm" onClick={signOut}>
                <LogOut className="size-3.5" aria-hidden />
                Sign Out
              </Button>
            </>
          ) : (
            <ButtonLink to="/login" variant="ghost" size="sm">
              Sign In
            </ButtonLink>
          )}
          <ButtonLink to={startTradingTarget(signedIn)} size="sm">
            <Zap className="size-3.5" aria-hidden />
            Start Trading
          </ButtonLink>
        </div>
        <div className={cn("flex items-center gap-2 lg:hidden", !(signedIn && signedInExtra) && "ml-auto")}>
          {signedIn ? <CreditsCounter /> : null}
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
