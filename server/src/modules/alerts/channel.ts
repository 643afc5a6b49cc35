// The alert channel contract: what the alerts dispatcher hands each delivery channel (in-app, e-mail, push, webhook, Telegram).
import type { AlertChannelName, AlertKind } from "@core/alerts/alerts";
import type { ServerDeps } from "../../deps";

// The stages and channel names live in core: the engine writes the events (and their delivery rows) too.
export { ALERT_CHANNELS, ALERT_KINDS, type AlertChannelName, type AlertKind } from "@core/alerts/alerts";

/** One stored signal event, as every channel receives it. */
export type AlertEvent = {
  /** signal_events.id: channels use it as their idempotency key (e.g. the webhook's event id). */
  id: number;
  user_id: number;
  signal_id: number;
  kind: AlertKind;
  symbol: string;
  side: "LONG" | "SHORT";
  entry_price: number;
  stop_loss: number;
  take_profit: number;
  /** R after costs once resolved (TP_HIT, SL_HIT, EXPIRED); null for ISSUED. */
  r_multiple: number | null;
  /** When the event happened (ISO). */
  created_at: string;
};

/**
 * A delivery channel. `deliver` throws to ask for a retry (the dispatcher retries with backoff and logs each try);
 * it returns normally when delivered or when there is nothing to deliver to (no address, no subscription).
 */
export type AlertChannel = {
  name: AlertChannelName;
  deliver: (deps: ServerDeps, event: AlertEvent) => Promise<void>;
};
