// Query keys of the marketing feature; each key is the endpoint path so the default query can fetch it.
export const marketingKeys = {
  publicLive: ["/api/public/live"] as const,
  trackRecord: ["/api/public/track-record"] as const,
  userStats: ["/api/user/stats"] as const,
  userProfile: ["/api/user/profile"] as const,
};
