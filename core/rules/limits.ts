// Per-trader limits the server enforces and the web client shows before a request would be refused (no imports, so
// the browser bundle can read them).

/** A user may run at most this many analyses at once; more would hold credits the user cannot watch. */
export const MAX_ACTIVE_ANALYSES = 3;
