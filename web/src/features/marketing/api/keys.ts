// Query keys of the public figures shown on the marketing pages, the only place they are spelled (the track record's
// and the ledger's and model's live with them: entities/track-record, features/track-record).
export const publicKeys = {
  all: ["public"] as const,
  live: () => [...publicKeys.all, "live"] as const,
  legal: () => [...publicKeys.all, "legal"] as const,
  exampleSignal: () => [...publicKeys.all, "example-signal"] as const,
};
