// Query keys of the public ledger and the serving model, the only place they are spelled.
export const trustKeys = {
  all: ["public"] as const,
  model: () => [...trustKeys.all, "model"] as const,
  ledgerRoots: () => [...trustKeys.all, "ledger", "roots"] as const,
  ledgerProof: (signalId: number) => [...trustKeys.all, "ledger", "proof", signalId] as const,
};
