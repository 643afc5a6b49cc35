// /api/user/favorites: list (painted first from the favorites cache atom), and an optimistic star toggle rolled back on error.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FavoriteList } from "@core/contract/favorites";
import { atom, useAtomValue, useSetAtom } from "@web/lib/store";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { appStore } from "@web/lib/store";
import { toast } from "@web/components/ui/toast";
import { userKeys } from "@web/entities/user/api/keys";
import { apiRequest } from "@web/lib/api";
import { clearSession, logout, useIsSignedIn, userIdAtom } from "@web/lib/session";
import { FAVORITE_LIMIT_TOAST, SESSION_EXPIRED_TOAST, favoriteFailure, isSessionFailure } from "../model/start-rules";
import { canAddFavorite, readCachedFavorites, toggledFavorites, writeCachedFavorites } from "../model/favorites";

const storage = () => (typeof window === "undefined" ? undefined : window.localStorage);
const lastWritten = atom<{ user: string; list: string[] } | null>(null);

/**
 * The signed-in user's last known favorites, mirrored to localStorage per user: a reload paints the stars before the
 * server answers, and on a shared browser one account never sees another's list.
 */
export const cachedFavoritesAtom = atom(
  (get): string[] | null => {
    const user = get(userIdAtom);
    if (!user) return null;
    const last = get(lastWritten);
    return last?.user === user ? last.list : readCachedFavorites(storage(), user);
  },
  (get, set, list: string[]) => {
    const user = get(userIdAtom);
    if (!user) return;
    set(lastWritten, { user, list });
    writeCachedFavorites(storage(), user, list);
  },
);

/** Every favorites answer carries the whole list: the screen keeps its symbols, oldest first. */
export const favoriteSymbols = (answer: FavoriteList): string[] => answer.favorites.map((f) => f.symbol);

export async function fetchFavorites(): Promise<string[]> {
  const list = favoriteSymbols(await apiRequest<FavoriteList>("GET", "/api/user/favorites"));
  appStore.set(cachedFavoritesAtom, list);
  return list;
}

export const addFavorite = async (symbol: string) => favoriteSymbols(await apiRequest<FavoriteList>("POST", "/api/user/favorites", { symbol }));
export const removeFavorite = async (symbol: string) =>
  favoriteSymbols(await apiRequest<FavoriteList>("DELETE", `/api/user/favorites/${encodeURIComponent(symbol)}`));

export function useFavorites() {
  const signedIn = useIsSignedIn();
  const cached = useAtomValue(cachedFavoritesAtom);
  const sessionExpired = useSessionExpired();
  const query = useQuery({
    queryKey: userKeys.favorites(),
    queryFn: fetchFavorites,
    enabled: signedIn,
    placeholderData: cached ?? undefined,
  });
  // A 401 on loading ends the session exactly as one on adding or removing does (spec 02 §6).
  const expired = query.isError && isSessionFailure(query.error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fires once per failed load, not on every new callback
  useEffect(() => {
    if (expired) sessionExpired();
  }, [expired, query.errorUpdatedAt]);
  return query;
}

const FAVORITES_MUTATION = [...userKeys.favorites(), "toggle"] as const;

/** Ends the session on a favorites 401 (spec 02 §6): local session first so /login does not bounce back. */
export function useSessionExpired() {
  const navigate = useNavigate();
  return () => {
    clearSession();
    void logout();
    navigate("/login", { replace: true });
    toast({ ...SESSION_EXPIRED_TOAST, variant: "destructive" });
  };
}

export function useToggleFavorite() {
  const qc = useQueryClient();
  const sessionExpired = useSessionExpired();
  const setCached = useSetAtom(cachedFavoritesAtom);
  const mutation = useMutation({
    mutationKey: FAVORITES_MUTATION,
    mutationFn: ({ symbol, add }: { symbol: string; add: boolean }) => (add ? addFavorite(symbol) : removeFavorite(symbol)),
    onMutate: async ({ symbol }) => {
      await qc.cancelQueries({ queryKey: userKeys.favorites() });
      const previous = qc.getQueryData<string[]>(userKeys.favorites()) ?? [];
      qc.setQueryData<string[]>(userKeys.favorites(), toggledFavorites(previous, symbol));
      return { previous };
    },
    onError: (err, { symbol, add }, context) => {
      // Restore only this symbol's state, so another toggle still in flight keeps its own optimistic change.
      const current = qc.getQueryData<string[]>(userKeys.favorites()) ?? [];
      const wasFavorite = context?.previous.includes(symbol) ?? !add;
      if (current.includes(symbol) !== wasFavorite) qc.setQueryData<string[]>(userKeys.favorites(), toggledFavorites(current, symbol));
      const failure = favoriteFailure(add ? "add" : "remove", err);
      if (failure.kind === "session") sessionExpired();
      else if (failure.kind === "limit") toast({ ...FAVORITE_LIMIT_TOAST, variant: "destructive" });
      else toast({ title: failure.title, description: failure.description, variant: "destructive" });
    },
    onSuccess: (list) => {
      // With other toggles still pending the server list is already outdated; the last one to settle writes.
      if (qc.isMutating({ mutationKey: FAVORITES_MUTATION }) > 1) return;
      qc.setQueryData<string[]>(userKeys.favorites(), list);
      setCached(list);
    },
  });
  /** Toggles a star; adding beyond the cap is refused here with the limit toast, without a request. */
  return (symbol: string) => {
    const list = qc.getQueryData<string[]>(userKeys.favorites()) ?? [];
    const add = !list.includes(symbol);
    if (add && canAddFavorite(list, symbol) === "limit") {
      toast({ ...FAVORITE_LIMIT_TOAST, variant: "destructive" });
      return;
    }
    mutation.mutate({ symbol, add });
  };
}
