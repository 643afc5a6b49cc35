// The Analysis entity (spec 02 §3), its reasoning and latest-reasoning readings: one schema each, one spelling per field.
import { type Static, t } from "elysia";
import { signalSchema } from "./signal";

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
  status: t.String({ description: "IN_PROGRESS, COMPLETED or FAILED" }),
  current_phase: t.Number({ description: "1 scanning, 2 confirmation, 3 final calibration" }),
  phase_name: t.String(),
  progress_percent: t.Number(),
  created_at: t.String(),
  updated_at: t.String(),
  completed_at: t.Nullable(t.String()),
  next_run_at: t.Nullable(t.String()),
  time_remaining_seconds: t.Number({ description: "Seconds until the next phase runs" }),
  credits_status: t.String({ description: "HELD, USED or RELEASED (refunded)" }),
  final_signal_id: t.Nullable(t.Number()),
  final_signal: t.Nullable(signalSchema),
  final_signal_type: t.Nullable(t.String()),
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
  status: t.String(),
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
