// The sign-in page's one-off notices: UI state set by a completed registration ("You have successfully registered",
// shown 2 s) or password reset ("Password reset successful", shown while the page stays), taken by the next sign-in page.
import { atom, useAtomValue, useSetAtom, type PrimitiveAtom } from "@web/lib/store";
import { useEffect, useState } from "react";

const NOTICE_MS = 2000;

/** Set when registration completes; the next sign-in page takes it. */
export const justRegisteredAtom = atom(false);
/** Set when a reset link changed the password; the sign-in page it redirects to takes it. */
export const justResetAtom = atom(false);
/** The e-mail just registered or reset: the next sign-in page starts with it filled in, then forgets it. */
export const signInEmailAtom = atom<string | null>(null);

/** Takes the e-mail left by registration or a reset (null when none), so only the next sign-in page gets it. */
export function useTakenSignInEmail(): string | null {
  const value = useAtomValue(signInEmailAtom);
  const setValue = useSetAtom(signInEmailAtom);
  const [taken] = useState(value);
  useEffect(() => {
    if (taken !== null) setValue(null);
  }, [taken, setValue]);
  return taken;
}

/** Takes the flag (so a later visit does not show it again) and shows it, for `ms` when given. */
function useTakenFlag(flag: PrimitiveAtom<boolean>, ms?: number): boolean {
  const value = useAtomValue(flag);
  const setFlag = useSetAtom(flag);
  const [shown, setShown] = useState(value);
  // Keyed on the local state, not the atom, so a re-run of the effect (StrictMode) still schedules the hide.
  useEffect(() => {
    if (!shown) return;
    setFlag(false);
    if (ms === undefined) return;
    const id = setTimeout(() => setShown(false), ms);
    return () => clearTimeout(id);
  }, [shown, setFlag, ms]);
  return shown;
}

export const useRegisteredNotice = () => useTakenFlag(justRegisteredAtom, NOTICE_MS);
export const useResetNotice = () => useTakenFlag(justResetAtom);
