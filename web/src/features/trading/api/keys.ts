// Query keys of the Start Trading screen's own reads (the pair list), the only place they are spelled.
export const tradingKeys = {
  all: ["trading"] as const,
  pairs: () => [...tradingKeys.all, "pairs"] as const,
};
