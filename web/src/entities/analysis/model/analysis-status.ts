// Status words (spec 02 §4): which server statuses count as completed, in progress, or failed (shown red).
const COMPLETED = /final|finish|complet|done|closed|success|ready/;
const IN_PROGRESS = /hold|open|active|in progress|pending|generat|process|build|running/;
const FAILED = /fail|error|cancel/;

// IN_PROGRESS and in-progress read like 'in progress'.
const words = (status: string | null | undefined) => (status ?? "").toLowerCase().replace(/[_-]+/g, " ");

export const isCompletedStatus = (status: string | null | undefined) => COMPLETED.test(words(status));
export const isInProgressStatus = (status: string | null | undefined) => !isCompletedStatus(status) && IN_PROGRESS.test(words(status));
export const isFailedStatus = (status: string | null | undefined) => FAILED.test(words(status));
