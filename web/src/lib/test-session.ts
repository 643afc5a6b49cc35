// Test helper: puts the session atom in a chosen state through the app store, as code outside React does.
import { appStore } from "@web/lib/store";
import { INITIAL_SESSION, sessionAtom, type Session } from "./session";

export const readSession = (): Session => appStore.get(sessionAtom);

export const resetSession = () => appStore.set(sessionAtom, INITIAL_SESSION);

/** Signed in with `token` as if it had been set at `setAt` (the keep rules depend on that time). */
export const signInAt = (token: string, setAt: number) => appStore.set(sessionAtom, { ...readSession(), accessToken: token, setAt, ready: true });
