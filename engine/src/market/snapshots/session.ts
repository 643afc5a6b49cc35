// Trading-session snapshot: which of the Asia / London / New York windows (UTC) are open at a market time.
import type { SessionName, SessionPayload } from "./types";

// Conventional cash-session windows in UTC hours, [open, close).
export const SESSION_WINDOWS: { name: SessionName; open: number; close: number }[] = [
  { name: "Asia", open: 0, close: 9 },
  { name: "London", open: 7, close: 16 },
  { name: "New York", open: 13, close: 22 },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function computeSession(nowMs: number): SessionPayload {
  const dayStart = Math.floor(nowMs / DAY) * DAY;
  const hour = (nowMs - dayStart) / HOUR;
  const active = SESSION_WINDOWS.filter((w) => hour >= w.open && hour < w.close);
  // When two sessions overlap, the one that opened last sets the tone (e.g. New York during 13:00-16:00).
  const current = active.length ? [...active].sort((a, b) => b.open - a.open)[0].name : "Off-hours";
  const events = SESSION_WINDOWS.flatMap((w) => [
    { at: w.open, label: `${w.name} opens` },
    { at: w.close, label: `${w.name} closes` },
  ]).sort((a, b) => a.at - b.at);
  const next = events.find((e) => e.at > hour) ?? { at: events[0].at + 24, label: events[0].label };
  return {
    current_session: current,
    session: current,
    active_sessions: active.map((w) => w.name),
    session_info: { is_overlap: active.length > 1, overlap: active.length > 1 ? active.map((w) => w.name).join("/") : null },
    next_change_at: new Date(dayStart + next.at * HOUR).toISOString(),
    next_change: next.label,
    utc_time: new Date(nowMs).toISOString(),
  };
}
