// The app store outside React: the session, toast, favorites-cache and UI atoms are read and written with get/set,
// as the request layer, session refresh and toast() do.
import { afterEach, expect, test } from "bun:test";
import { justRegisteredAtom } from "@web/features/auth/hooks/use-registered-notice";
import { cachedFavoritesAtom } from "@web/features/trading/api/favorites";
import { dismissToast, toast, toastsAtom } from "@web/components/ui/toast-store";
import { clearSession, INITIAL_SESSION, sessionAtom, setAccessToken, signedInAtom, subscribeSession, userIdAtom } from "@web/lib/session";
import { fakeJwt } from "@web/lib/test-jwt";
import { appStore } from "./store";

afterEach(() => appStore.set(sessionAtom, INITIAL_SESSION));

test("session: writes by the session module show in the atoms, and listeners hear them", () => {
  let heard = 0;
  const off = subscribeSession(() => heard++);
  setAccessToken(fakeJwt({ sub: "42" }));
  expect(appStore.get(signedInAtom)).toBe(true);
  expect(appStore.get(userIdAtom)).toBe("42");
  clearSession();
  expect(appStore.get(signedInAtom)).toBe(false);
  expect(appStore.get(userIdAtom)).toBeNull();
  expect(heard).toBe(2);
  off();
});

test("session: a value set on the atom is what the module reads", () => {
  appStore.set(sessionAtom, { ...INITIAL_SESSION, accessToken: fakeJwt({ sub: "7" }), ready: true });
  expect(appStore.get(userIdAtom)).toBe("7");
});

test("toasts: toast() from plain code lands in the atom", () => {
  toast({ title: "Saved" });
  expect(appStore.get(toastsAtom).map((t) => [t.title, t.open])).toEqual([["Saved", true]]);
  dismissToast();
  expect(appStore.get(toastsAtom).map((t) => t.open)).toEqual([false]);
});

test("favorites cache: per signed-in user, nothing without a user", () => {
  appStore.set(cachedFavoritesAtom, ["BTCUSDT"]);
  expect(appStore.get(cachedFavoritesAtom)).toBeNull();
  setAccessToken(fakeJwt({ sub: "1" }));
  appStore.set(cachedFavoritesAtom, ["BTCUSDT", "SOLUSDT"]);
  expect(appStore.get(cachedFavoritesAtom)).toEqual(["BTCUSDT", "SOLUSDT"]);
  setAccessToken(fakeJwt({ sub: "2" }));
  expect(appStore.get(cachedFavoritesAtom)).toBeNull();
});

test("UI state: the registration notice flag", () => {
  appStore.set(justRegisteredAtom, true);
  expect(appStore.get(justRegisteredAtom)).toBe(true);
  appStore.set(justRegisteredAtom, false);
  expect(appStore.get(justRegisteredAtom)).toBe(false);
});
