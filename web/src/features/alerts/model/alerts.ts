// Alert shapes as the API sends them (server/src/modules/alerts/model.ts) and how a line of the list reads.
import { alertTitle, formatR, STAGE_LABELS } from "@core/alerts/alert-text";
import type { AlertChannelName, AlertKind } from "@core/alerts/alerts";
import type { AlertItem } from "@core/contract/alert";

export type { AlertItem };
export type AlertsPage = { items: AlertItem[]; unread_count: number; next_before: number | null };
export type Preference = { channel: string; kind: AlertKind; enabled: boolean };
export type Preferences = {
  channels: string[];
  kinds: AlertKind[];
  preferences: Preference[];
  /** Channels that would deliver now; the others show off (and locked) until set up. */
  deliverable?: string[];
  push: { public_key: string; devices: number };
};

/** What a channel still needs before it can deliver, said beside it in the grid. */
export const SETUP_HINTS: Record<string, string> = {
  push: "Enable push on this device below",
  webhook: "Add an endpoint under Webhooks",
  telegram: "Link a chat under Telegram",
};

/** Whether `channel` can deliver (servers that send no list: every channel). */
export const canDeliver = (p: Preferences, channel: string) => p.deliverable?.includes(channel) ?? true;

export { alertTitle, formatR, STAGE_LABELS };

export const CHANNEL_LABELS: Record<AlertChannelName, string> = {
  in_app: "In-app",
  email: "E-mail",
  push: "Push",
  webhook: "Webhook",
  telegram: "Telegram",
};
export const channelLabel = (c: string) => CHANNEL_LABELS[c as AlertChannelName] ?? c;

/** Result stages colour the R: a win green, a loss red, an issue neutral. */
export const tone = (a: Pick<AlertItem, "kind" | "r_multiple">): "accent" | "negative" | "info" =>
  a.kind === "ISSUED" ? "info" : (a.r_multiple ?? 0) > 0 ? "accent" : "negative";

/** "just now", "5 min ago", "3 h ago", then the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric" });
}

export const isEnabled = (p: Preferences, channel: string, kind: AlertKind) =>
  p.preferences.find((x) => x.channel === channel && x.kind === kind)?.enabled ?? false;
