// Dashboard status badge text (spec 02 §2): Running for live rows, Completed or In Progress by class, else the raw status.

/** The closed statuses (core/contract/status) by their badge text; a FAILED analysis shows its status as sent. */
const LABELS: Record<string, string> = { COMPLETED: "Completed", IN_PROGRESS: "In Progress" };

export function statusLabel(status: string, live: boolean): string {
  if (live) return "Running";
  return LABELS[status] ?? status;
}
