// The Alert entity (one stage of a bought signal, as the notification list shows it): one schema, the type is the schema's.
import { type Static, t } from "elysia";
import { ALERT_KINDS } from "../alerts";

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
