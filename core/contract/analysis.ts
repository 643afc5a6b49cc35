// The Analysis entity (spec 02 §3), its reasoning and latest-reasoning readings: one schema each, one spelling per field.
import { type Static, t } from "elysia";
import { signalSchema, signalType } from "./signal";
import { type AnalysisStatus, analysisStatus, type CreditsStatus, creditsStatus } from "./status";

export const reasoningSchema = t.Object({
  phase_number: t.Number(),
  phase_name: t.String(),
  reason: t.String({ description: "At most 140 characters" }),
  full_reasoning: t.String(),
  timeframe: t.String(),
  confirmation_criteria: t.Array(t.String()),
  created_at: t.String(),
});

const analysisFields = {
  id: t.Number(),
  symbol: t.String(),
  status: analysisStatus,
  current_phase: t.Number({ description: "1 scanning, 2 confirmation, 3 final calibration" }),
  phase_name: t.String(),
  progress_percent: t.Number(),
  created_at: t.String(),
  updated_at: t.String(),
  completed_at: t.Nullable(t.String()),
  next_run_at: t.Nullable(t.String()),
  time_remaining_seconds: t.Number({ description: "Seconds until the next phase runs" }),
  credits_status: creditsStatus,
  final_signal_id: t.Nullable(t.Number()),
  final_signal: t.Nullable(signalSchema),
  final_signal_type: t.Nullable(signalType),
  latest_reasoning: t.Nullable(reasoningSchema),
  failure_reason: t.Nullable(t.String()),
  market_time_ms: t.Nullable(t.Number()),
};

export const analysisSchema = t.Object(analysisFields);

export const analysisDetailSchema = t.Object({
  ...analysisFields,
  reasoning: t.Array(reasoningSchema),
  analysis: t.Nullable(t.String()),
});

export const latestReasoningSchema = t.Object({
  request_id: t.Number(),
  status: analysisStatus,
  current_phase: t.Number(),
  progress_percent: t.Number(),
  next_run_at: t.Nullable(t.String()),
  time_remaining_seconds: t.Number(),
  phase_number: t.Nullable(t.Number()),
  reason: t.Nullable(t.String()),
  full_reasoning: t.Nullable(t.String()),
  timeframe: t.Nullable(t.String()),
  confirmation_criteria: t.Array(t.String()),
  phases: t.Array(reasoningSchema),
});

export type Reasoning = Static<typeof reasoningSchema>;
export type Analysis = Static<typeof analysisSchema>;
export type AnalysisDetail = Static<typeof analysisDetailSchema>;
export type LatestReasoning = Static<typeof latestReasoningSchema>;

/** A row of analysis_requests as the server and the engine read it (the database's side of the boundary). */
export type AnalysisRequestRow = {
  id: number;
  user_id: number;
  symbol: string;
  status: AnalysisStatus;
  current_phase: number;
  progress_percent: number;
  next_run_at: Date | null;
  credits_status: CreditsStatus;
  final_signal_id: number | null;
  failure_reason: string | null;
  market_time_ms: number | null;
  idempotency_key: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
};
