// Profile screen calls: profile, sessions (60 s refetch), remote logout, password change; keys are the paths (default query).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";

export const profileKeys = {
  profile: ["/api/user/profile"] as const,
  sessions: ["/api/user/sessions"] as const,
};

export type Profile = { first_name?: string; firstName?: string; last_name?: string; lastName?: string; email: string; createdAt?: string; credits?: number };

export type ServerSession = {
  id: number;
  session_id?: number;
  device_id?: string;
  device_name?: string;
  name?: string;
  device_type?: string;
  browser?: string | null;
  os?: string | null;
  ip_address?: string | null;
  location_city?: string | null;
  location_country?: string | null;
  is_active?: boolean;
  status?: string;
  is_current?: boolean;
  last_seen_at?: string;
  updated_at?: string;
  created_at?: string;
};

/** What the card shows (spec 01 §3 display form). */
export type DisplaySession = { id: number; name: string; icon: "phone" | "desktop"; location: string; ip: string; lastSeen: string; isCurrent: boolean };

export function useProfile() {
  const signedIn = useIsSignedIn();
  return useQuery<Profile | null>({ queryKey: profileKeys.profile, enabled: signedIn });
}

export function useSessions() {
  const signedIn = useIsSignedIn();
  return useQuery<ServerSession[] | { sessions: ServerSession[] } | null, Error, ServerSession[]>({
    queryKey: profileKeys.sessions,
    enabled: signedIn,
    refetchInterval: signedIn ? 60_000 : false,
    // Spec 01 §7: an array, or an object with sessions.
    select: (data) => (Array.isArray(data) ? data : (data?.sessions ?? [])),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>("DELETE", `/api/user/sessions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

export type ChangePasswordInput = { current_password: string; new_password: string; confirm_new_password: string };

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordInput) => apiRequest<unknown>("PUT", "/api/user/change-password", input) });
}

const PHONE = /iphone|android|mobile|ipad|tablet|phone/i;

export function toDisplaySession(s: ServerSession, currentSessionId: string | number | null, now = Date.now()): DisplaySession {
  const name = s.device_name || s.name || [s.browser, s.os].filter(Boolean).join(" on ") || "Unknown device";
  const place = [s.location_city, s.location_country].filter(Boolean).join(", ");
  const isPhone = s.device_type === "mobile" || s.device_type === "tablet" || PHONE.test(name);
  return {
    id: s.id ?? s.session_id,
    name,
    icon: isPhone ? "phone" : "desktop",
    location: place || "Unknown location",
    ip: s.ip_address || "Unknown IP",
    lastSeen: relativeTime(s.last_seen_at ?? s.updated_at ?? s.created_at, now),
    isCurrent: s.is_current ?? (currentSessionId !== null && String(currentSessionId) === String(s.id)),
  };
}

/** One row per device name (the newest, or the current one), unless the user asks for all. */
export function onePerDevice(sessions: DisplaySession[]): DisplaySession[] {
  const seen = new Map<string, DisplaySession>();
  for (const s of sessions) {
    const prev = seen.get(s.name);
    if (!prev || (s.isCurrent && !prev.isCurrent)) seen.set(s.name, s);
  }
  return sessions.filter((s) => seen.get(s.name) === s);
}

export function relativeTime(iso: string | undefined, now = Date.now()): string {
  if (!iso) return "Unknown";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "Unknown";
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return "Just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
