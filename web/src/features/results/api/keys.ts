// Query keys of the results view, the only place they are spelled.
export const resultsKeys = {
  all: ["results"] as const,
  record: () => [...resultsKeys.all, "record"] as const,
};
