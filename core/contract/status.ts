// The closed status and outcome unions every tier shares (the database's check constraints, spelled once for TypeScript).
import { type Static, t } from "elysia";

export const analysisStatus = t.UnionEnum(["IN_PROGRESS", "COMPLETED", "FAILED"]);
export const creditsStatus = t.UnionEnum(["HELD", "USED", "RELEASED"], { description: "HELD, USED or RELEASED (refunded)" });
export const signalOutcome = t.UnionEnum(["OPEN", "TP_HIT", "SL_HIT", "EXPIRED"]);

export type AnalysisStatus = Static<typeof analysisStatus>;
export type CreditsStatus = Static<typeof creditsStatus>;
export type SignalOutcome = Static<typeof signalOutcome>;
