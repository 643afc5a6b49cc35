// /api/user/favorites: list (painted first from the local cache), and an optimistic star toggle rolled back on error.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "@web/components/ui/toast";
import { apiRequest } from "@web/lib/api";
import { clearSession, getAccessToken, logout, useIsSignedIn } from "@web/lib/session";
import { FAVORITE_LIMIT_TOAST, SESSION_EXPIRED_TOAST, favoriteFailure } from "../hooks/start-rules";
import { canAddFavorite, readCachedFavorites, toggledFavorites, writeCachedFavorites } from "../hooks/favorites";
import { tradingKeys } from "./keys";
import { normalizeFavorites } from "./normalize";

const storage = () => (typeof window === "undefined" ? undefined : window.localStorage);

/** The signed-in user's id (JWT `sub`), to scope the local cache; the server still decides what is whose. */
export function tokenSubject(token: string | null): string | null {
  const part = token?.split(".")[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=")));
    return payload && typeof payload === "object" && "sub" in payload && typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

export async function fetchFavorites(): Promise<string[]> {
  const list = normalizeFavorites(await apiRequest<unknown>("GET", "/api/user/favorites"));
  const user = tokenSubject(getAccessToken());
  if (user) writeCachedFavorites(storage(), user, list);
  return list;
}

export const addFavorite = async (symbol: string) => normalizeFavorites(await apiRequest<unknown>("POST", "/api/user/favorites", { symbol }));
export const removeFavorite = async (symbol: string) =>
  normalizeFavorites(await apiRequest<unknown>("DELETE", `/api/user/favorites/${encodeURIComponent(symbol)}`));

export function useFavorites() {
  const signedIn = useIsSignedIn();
  const user = tokenSubject(getAccessToken());
  return useQuery({
    queryKey: tradingKeys.favorites,
    queryFn: fetchFavorites,
    enabled: signedIn,
    placeholderData: () => (user ? (readCachedFavorites(storage(), user) ?? undefined) : undefined),
  });
}

const FAVORITES_MUTATION = ["favorites-toggle"] as const;

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
  const mutation = useMutation({
    mutationKey: FAVORITES_MUTATION,
    mutationFn: ({ symbol, add }: { symbol: string; add: boolean }) => (add ? addFavorite(symbol) : removeFavorite(symbol)),
    onMutate: async ({ symbol }) => {
      await qc.cancelQueries({ queryKey: tradingKeys.favorites });
      const previous = qc.getQueryData<string[]>(tradingKeys.favorites) ?? [];
      qc.setQueryData<string[]>(tradingKeys.favorites, toggledFavorites(previous, symbol));
      return { previous };
    },
    onError: (err, { symbol, add }, context) => {
      // Restore only this symbol's state, so another toggle still in flight keeps its own optimistic change.
      const current = qc.getQueryData<string[]>(tradingKeys.favorites) ?? [];
      const wasFavorite = context?.previous.includes(symbol) ?? !add;
      if (current.includes(symbol) !== wasFavorite) qc.setQueryData<string[]>(tradingKeys.favorites, toggledFavorites(current, symbol));
      const failure = favoriteFailure(add ? "add" : "remove", err);
      if (failure.kind === "session") sessionExpired();
      else if (failure.kind === "limit") toast({ ...FAVORITE_LIMIT_TOAST, variant: "destructive" });
      else toast({ title: failure.title, description: failure.description, variant: "destructive" });
    },
    onSuccess: (list) => {
      // With other toggles still pending the server list is already outdated; the last one to settle writes.
      if (qc.isMutating({ mutationKey: FAVORITES_MUTATION }) > 1) return;
      qc.setQueryData<string[]>(tradingKeys.favorites, list);
      const user = tokenSubject(getAccessToken());
      if (user) writeCachedFavorites(storage(), user, list);
    },
  });
  /** Toggles a star; adding beyond the cap is refused here with the limit toast, without a request. */
  return (symbol: string) => {
    const list = qc.getQueryData<string[]>(tradingKeys.favorites) ?? [];
    const add = !list.includes(symbol);
    if (add && canAddFavorite(list, symbol) === "limit") {
      toast({ ...FAVORITE_LIMIT_TOAST, variant: "destructive" });
      return;
    }
    mutation.mutate({ symbol, add });
  };
}
