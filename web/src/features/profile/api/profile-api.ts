// Profile screen calls: sessions (60 s refetch), remote logout, password change (the profile itself is @web/entities/user).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Session } from "@core/contract/session";
import { userKeys } from "@web/entities/user/api/keys";
import { apiQuery, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";

/** What the card shows (spec 01 §3 display form), with the device it belongs to for "one per device". */
export type DisplaySession = {
  id: number;
  /** The browser's device id; null when the server sent none. */
  deviceId: string | null;
  name: string;
  icon: "phone" | "desktop";
  location: string;
  ip: string;
  lastSeen: string;
  isCurrent: boolean;
};

export const fetchSessions = () => apiQuery<{ sessions: Session[] }>("/api/user/sessions");

export function useSessions() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: userKeys.sessions(),
    queryFn: fetchSessions,
    enabled: signedIn,
    refetchInterval: signedIn ? 60_000 : false,
    // Null: the request layer ended the session on a 401.
    select: (data) => (data?.sessions ?? []).map((s) => toDisplaySession(s)),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>("DELETE", `/api/user/sessions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions() }),
  });
}

export type ChangePasswordInput = { current_password: string; new_password: string; confirm_new_password: string };

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordInput) => apiRequest<unknown>("PUT", "/api/user/change-password", input) });
}

const PHONE = /iphone|android|mobile|ipad|tablet|phone/i;

/** The contract's session in the card's display form (spec 01 §3). */
export function toDisplaySession(s: Session, now = Date.now()): DisplaySession {
  const name = s.device_name || [s.browser, s.os].filter(Boolean).join(" on ") || "Unknown device";
  const place = [s.location_city, s.location_country].filter(Boolean).join(", ");
  const isPhone = s.device_type === "mobile" || s.device_type === "tablet" || PHONE.test(name);
  return {
    id: s.id,
    deviceId: s.device_id.trim() || null,
    name,
    icon: isPhone ? "phone" : "desktop",
    location: place || "Unknown location",
    ip: s.ip_address || "Unknown IP",
    lastSeen: relativeTime(s.last_seen_at, now),
    isCurrent: s.is_current,
  };
}

/**
 * One row per device (device_id: two browsers may share a display name, and one device keeps its id across sign-ins),
 * the first listed (the newest) or the current one; a session without a device id stands alone.
 */
export function onePerDevice(sessions: DisplaySession[]): DisplaySession[] {
  const deviceOf = (s: DisplaySession) => (s.deviceId === null ? `session:${s.id}` : `device:${s.deviceId}`);
  const seen = new Map<string, DisplaySession>();
  for (const s of sessions) {
    const prev = seen.get(deviceOf(s));
    if (!prev || (s.isCurrent && !prev.isCurrent)) seen.set(deviceOf(s), s);
  }
  return sessions.filter((s) => seen.get(deviceOf(s)) === s);
}

export function relativeTime(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "Unknown";
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return "Just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
