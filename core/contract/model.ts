// GET /api/public/model: the model version serving now (or one named), its age in market days and its forward record.
import { type Static, t } from "elysia";

const num = t.Nullable(t.Number());

export const publicModelQuery = t.Object({
  version: t.Optional(t.String({ description: "A version name (default: the champion at the market clock)" })),
});

export const publicModelSchema = t.Object({
  version: t.String(),
  trained_through: t.String({ description: "ISO time: every training row's outcome closed at or before it" }),
  trained_at: t.String({ description: "ISO market time from which the version may serve" }),
  age_days: t.Number({ description: "Market days from trained_through to the market clock (the replay's under replay)" }),
  max_age_days: t.Number({ description: "Past this age the version issues no signals (MODEL_MAX_AGE_DAYS)" }),
  status: t.UnionEnum(["champion", "challenger", "rejected"]),
  source: t.UnionEnum(["walk-forward", "refit"]),
  family: t.String(),
  horizon_hours: t.Number(),
  oof: t.Nullable(t.Record(t.String(), t.Unknown()), { description: "The walk-forward fold's out-of-fold figures, when known" }),
  forward: t.Object(
    {
      since: t.Nullable(t.String({ description: "ISO market time the version went live (null: never promoted)" })),
      signals: t.Number({ description: "LONG/SHORT signals whose context names this version" }),
      closed: t.Number(),
      expectancy_r: num,
      excess_vs_always_long: t.Nullable(
        t.Number({ description: "Mean R minus always-long R on the same entries (a SHORT's mirror LONG with the same stop and target distances)" }),
      ),
    },
    { description: "Stored outcomes of the signals this version issued since it went live" },
  ),
});

export type PublicModel = Static<typeof publicModelSchema>;
