// The Alert entity (one stage of a bought signal, as the notification list shows it): one schema, the type is the schema's.
import { type Static, t } from "elysia";

/** The stages of a signal the trader bought that raise an alert; one event per (signal, kind), never two. */
export const ALERT_KINDS = ["ISSUED", "TP_HIT", "SL_HIT", "EXPIRED"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const alertKind = t.UnionEnum([...ALERT_KINDS]);

export const alertItemSchema = t.Object({
  id: t.Number(),
  signal_id: t.Number(),
  kind: alertKind,
  symbol: t.String(),
  side: t.String(),
  r_multiple: t.Union([t.Number(), t.Null()], { description: "R after costs once resolved; null when issued" }),
  created_at: t.String(),
  read: t.Boolean(),
});

export type AlertItem = Static<typeof alertItemSchema>;
