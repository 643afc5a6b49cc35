// Query keys of the signed-in user's own data (profile, stats, sessions, trusted browsers, favorites) and credits, the only place they are spelled.
export const userKeys = {
  all: ["user"] as const,
  profile: () => [...userKeys.all, "profile"] as const,
  stats: () => [...userKeys.all, "stats"] as const,
  sessions: () => [...userKeys.all, "sessions"] as const,
  /** Browsers that sign in without an e-mail code (kept across sign-out). */
  trustedBrowsers: () => [...userKeys.all, "trusted-browsers"] as const,
  favorites: () => [...userKeys.all, "favorites"] as const,
  /** The position sizer's account size and risk per trade. */
  preferences: () => [...userKeys.all, "preferences"] as const,
};

export const creditKeys = {
  all: ["credits"] as const,
  balance: () => [...creditKeys.all, "balance"] as const,
  /** GET /api/credits/usage: the Used and Returned Credits totals. */
  usage: () => [...creditKeys.all, "usage"] as const,
  /** GET /api/transactions/: the ledger, read for those totals when the usage call fails. */
  transactions: () => [...creditKeys.all, "transactions"] as const,
};
