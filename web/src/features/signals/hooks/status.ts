// Status rules of spec 02 §4: completed / in-progress classes, the badge text and the failure (red) test.
export type StatusClass = "completed" | "in_progress" | "other";

const COMPLETED = /final|finish|complet|done|closed|success|ready/i;
const IN_PROGRESS = /hold|open|active|in progress|pending|generat|process|build|running/i;
const FAILURE = /fail|error|cancel/i;

export function classifyStatus(status: string | null | undefined): StatusClass {
  // IN_PROGRESS and in-progress read as 'in progress'.
  const s = (status ?? "").replace(/[_-]+/g, " ");
  if (COMPLETED.test(s)) return "completed";
  if (IN_PROGRESS.test(s)) return "in_progress";
  return "other";
}

export const isFailureStatus = (status: string | null | undefined) => FAILURE.test(status ?? "");

/** Badge text: Running for live rows, Completed or In Progress by class, otherwise the raw status. */
export function statusLabel(status: string, live: boolean): string {
  if (live) return "Running";
  const c = classifyStatus(status);
  if (c === "completed") return "Completed";
  if (c === "in_progress") return "In Progress";
  return status;
}
