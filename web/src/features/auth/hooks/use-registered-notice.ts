// The "You have successfully registered" notice: UI state set by a completed registration, shown 2 s by the sign-in page.
import { atom, useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState } from "react";

const NOTICE_MS = 2000;

/** Set when registration completes; the next sign-in page takes it. */
export const justRegisteredAtom = atom(false);

export function useRegisteredNotice(): boolean {
  const justRegistered = useAtomValue(justRegisteredAtom);
  const setJustRegistered = useSetAtom(justRegisteredAtom);
  const [shown, setShown] = useState(justRegistered);
  // Keyed on the local state, not the atom, so a re-run of the effect (StrictMode) still schedules the hide.
  useEffect(() => {
    if (!shown) return;
    setJustRegistered(false);
    const id = setTimeout(() => setShown(false), NOTICE_MS);
    return () => clearTimeout(id);
  }, [shown, setJustRegistered]);
  return shown;
}
