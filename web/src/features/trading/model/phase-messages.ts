// Phase texts of a live analysis (spec 02 §4): 3 phases, each rotating its messages every 2 s, and the 'advancing' rule.
export const PHASE_COUNT = 3;
export const PHASE_ROTATE_MS = 2_000;
export const ADVANCING_MESSAGE = "Advancing to next phase…";
/** After showing the advancing message the detail is re-fetched this much later. */
export const ADVANCE_REFETCH_MS = 1_200;

export const PHASES: ReadonlyArray<{ name: string; messages: readonly string[] }> = [
  {
    name: "Scanning",
    messages: ["Scanning market structure…", "Reading multi-timeframe trend…", "Measuring volatility and volume…", "Mapping support and resistance…"],
  },
  {
    name: "Confirmation",
    messages: ["Confirming momentum…", "Cross-checking BTC correlation…", "Checking funding and market health…", "Validating entry conditions…"],
  },
  {
    name: "Final calibration",
    messages: ["Calibrating entry, stop and target…", "Computing risk / reward…", "Scoring model confidence…", "Finalising the signal…"],
  },
];

/** Phase number clamped to 1..3 (unknown reads as 1). */
export const clampPhase = (phase: number | null | undefined) =>
  typeof phase === "number" && Number.isFinite(phase) ? Math.min(PHASE_COUNT, Math.max(1, Math.round(phase))) : 1;

export const phaseName = (phase: number | null | undefined) => PHASES[clampPhase(phase) - 1].name;

/** The message shown `elapsedMs` into a phase: one step every 2 s, wrapping around. */
export function phaseMessage(phase: number | null | undefined, elapsedMs: number): string {
  const { messages } = PHASES[clampPhase(phase) - 1];
  const step = Math.floor(Math.max(0, elapsedMs) / PHASE_ROTATE_MS);
  return messages[step % messages.length];
}

/**
 * True when the shown detail is stale: its phase is behind the phase known elsewhere (list, socket), or the
 * countdown ran out while the analysis is still in progress.
 */
export function isAdvancing(input: {
  detailPhase: number | null | undefined;
  currentPhase: number | null | undefined;
  secondsLeft: number | null;
  inProgress: boolean;
}): boolean {
  if (!input.inProgress) return false;
  const behind = typeof input.detailPhase === "number" && typeof input.currentPhase === "number" && input.detailPhase < input.currentPhase;
  return behind || input.secondsLeft === 0;
}
