// Query keys of the public figures shown on the marketing pages, the only place they are spelled.
export const publicKeys = {
  all: ["public"] as const,
  live: () => [...publicKeys.all, "live"] as const,
  trackRecord: () => [...publicKeys.all, "track-record"] as const,
  model: () => [...publicKeys.all, "model"] as const,
  legal: () => [...publicKeys.all, "legal"] as const,
  exampleSignal: () => [...publicKeys.all, "example-signal"] as const,
  ledgerRoots: () => [...publicKeys.all, "ledger", "roots"] as const,
  ledgerProof: (signalId: number) => [...publicKeys.all, "ledger", "proof", signalId] as const,
};
