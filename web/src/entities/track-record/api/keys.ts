// Query key of the published track record (GET /api/public/track-record), the only place it is spelled.
export const trackRecordKeys = {
  record: () => ["public", "track-record"] as const,
};
