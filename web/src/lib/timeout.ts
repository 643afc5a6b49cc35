// The time limits API calls live under (actions, refresh and logout; polled reads): a call that gets no answer ends as a network failure.
export const REQUEST_TIMEOUT_MS = 15_000;
/**
 * Polled reads (apiQuery) wait longer: as long as the proxy may hold a request while every server is busy (30 s,
 * deploy/Caddyfile's lb_try_duration) and then some for the answer. After a deploy every tab loads at once; a first load
 * given up at 15 s would be sent again (spec 02 §8 retries a network failure up to 3 times) behind the queue it left,
 * while the server still answers the first. The proxy's own 503 ends a wait it cannot serve.
 */
export const QUERY_TIMEOUT_MS = 35_000;

/** The error a timed-out call rejects with; `name` is what the DOM gives AbortSignal.timeout's, so both read the same. */
export const timeoutError = (ms: number) => new DOMException(`No answer within ${Math.round(ms / 1000)} s`, "TimeoutError");

/**
 * Runs `run` with a signal that aborts after `ms`, covering the answer's body too. A setTimeout rather than
 * AbortSignal.timeout: the clock a browser test fakes then reaches it, so the limit can be tested without waiting.
 */
export async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, ms = REQUEST_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError(ms)), ms);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
