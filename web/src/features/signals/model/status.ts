// Dashboard status badge text (spec 02 §2): Running for live rows, Completed or In Progress by class, else the raw status.
import { isCompletedStatus, isInProgressStatus } from "@web/entities/analysis/model/analysis-status";

export function statusLabel(status: string, live: boolean): string {
  if (live) return "Running";
  if (isCompletedStatus(status)) return "Completed";
  if (isInProgressStatus(status)) return "In Progress";
  return status;
}
