// Alerts shared by engine and server: the stages and channels, default preferences, the "alerts" queue contract and
// the helpers that write a signal's event (with its delivery rows) inside the transaction that makes the stage happen.
import type { Sql, Tx } from "../infra/db";
import { noteUserChanged } from "../infra/user-version";

// The stages are the contract's (core/contract/alert): the socket's alert push carries them too.
import { ALERT_KINDS, type AlertKind } from "../contract/alert";

export { ALERT_KINDS, type AlertKind };

export const ALERT_CHANNELS = ["in_app", "email", "push", "webhook", "telegram"] as const;
export type AlertChannelName = (typeof ALERT_CHANNELS)[number];

/**
 * What a channel does for a stage when the trader never chose: in-app and e-mail always (an issued signal too: the
 * trader may be away from the screen); push off until a device subscribes (subscribing turns it on, see the alerts
 * module); webhook and Telegram on, their channels deliver nothing (and the grid shows them off) while no endpoint or
 * chat is linked.
 */
export function defaultEnabled(channel: AlertChannelName, _kind: AlertKind): boolean {
  return channel !== "push";
}

/** The BullMQ queue the server's dispatcher runs on, and its one job type (repeatable: claim and deliver what is due). */
export const ALERTS_QUEUE = "alerts";
export const ALERT_JOBS = { dispatch: "dispatch" } as const;
export type AlertJobName = (typeof ALERT_JOBS)[keyof typeof ALERT_JOBS];

type Runner = Sql | Tx;

/**
 * Records stage `kind` of a bought (LONG/SHORT) signal and one pending delivery per channel the trader has on for it.
 * Call inside the transaction that issues or resolves the signal. A second call for the same stage writes nothing.
 * Returns the new event's id, or null.
 */
export async function insertSignalEvent(tx: Runner, signalId: number, kind: AlertKind): Promise<number | null> {
  const all = [...ALERT_CHANNELS] as string[];
  const onByDefault = ALERT_CHANNELS.filter((c) => defaultEnabled(c, kind)) as string[];
  const [row] = await tx<{ id: number }[]>`
    with ev as (
      insert into signal_events (user_id, signal_id, kind, r_multiple)
      select user_id, id, ${kind}, case when ${kind} = 'ISSUED' then null else r_multiple end
      from signals where id = ${signalId} and type in ('LONG', 'SHORT')
      on conflict (signal_id, kind) do nothing
      returning id, user_id, kind
    ), deliveries as (
      insert into alert_deliveries (event_id, channel)
      select ev.id, d.channel
      from ev cross join unnest(${all}::text[]) as d(channel)
      left join alert_preferences p on p.user_id = ev.user_id and p.channel = d.channel and p.kind = ev.kind
      where coalesce(p.enabled, d.channel = any(${onByDefault}::text[]))
    )
    select id from ev`;
  return row ? Number(row.id) : null;
}

export type ResolvedOutcome = { outcome: Exclude<AlertKind, "ISSUED">; closedAtMarketMs: number | null; rMultiple: number | null };

/**
 * Stores a signal's outcome, conditional on it still being OPEN, together with its alert event in one transaction:
 * overlapping trackers store (and alert, and announce) each outcome once. Returns whether this call closed the signal.
 */
export async function recordSignalOutcome(sql: Sql, signalId: number, o: ResolvedOutcome): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [updated] = await tx<{ user_id: number }[]>`
      update signals
      set outcome = ${o.outcome}, outcome_at = now(), outcome_market_ms = ${o.closedAtMarketMs},
          r_multiple = ${o.rMultiple}, is_active = false
      where id = ${signalId} and outcome = 'OPEN'
      returning user_id`;
    if (!updated) return false;
    await insertSignalEvent(tx, signalId, o.outcome);
    await noteUserChanged(tx, Number(updated.user_id), `outcome-${signalId}`);
    return true;
  });
}
