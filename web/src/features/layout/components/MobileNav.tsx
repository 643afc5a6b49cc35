// Small-screen navigation: the same entries in a slide-in side panel (Radix Dialog, focus-trapped, Esc closes).
import { LogOut, Menu, Zap } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { Button, ButtonLink } from "@web/components/ui/Button";
import { cn } from "@web/components/ui/cn";
import { Dialog, DialogTrigger, SheetContent } from "@web/components/ui/Dialog";
import { useIsSignedIn } from "@web/lib/session";
import { CreditsCounter } from "./CreditsCounter";
import { navLinksFor, startTradingTarget } from "../model/nav-items";
import { useSignOut } from "@web/entities/user/hooks/use-sign-out";

export function MobileNav() {
  const [open, setOpen] = useState(false);
  const signedIn = useIsSignedIn();
  const signOut = useSignOut();
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          aria-label="Open menu"
          className="grid size-9 place-items-center rounded-lg border border-line-strong text-ink hover:bg-white/5"
        >
          <Menu className="size-5" />
        </button>
      </DialogTrigger>
      <SheetContent title="Menu">
        <nav aria-label="Mobile" className="flex flex-1 flex-col gap-0.5 overflow-y-auto p-3">
          {navLinksFor(signedIn).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              onClick={close}
              className={({ isActive }) =>
                cn("rounded-lg px-3 py-2.5 text-[15px] font-medium", isActive ? "bg-accent/10 text-accent-strong" : "text-ink hover:bg-white/5")
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex flex-col gap-2 border-t border-line p-4">
          {signedIn ? (
            <>
              <CreditsCounter className="justify-center" />
              <Button
                variant="secondary"
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                <LogOut className="size-4" aria-hidden />
                Sign Out
              </Button>
            </>
          ) : (
            <ButtonLink to="/login" variant="secondary" onClick={close}>
              Sign In
            </ButtonLink>
          )}
          <ButtonLink to={startTradingTarget(signedIn)} onClick={close}>
            <Zap className="size-4" aria-hidden />
            Start Trading
          </ButtonLink>
        </div>
      </SheetContent>
    </Dialog>
  );
}
