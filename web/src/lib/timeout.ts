// The time limit every API call lives under (request, refresh, logout): a call that gets no answer ends as a network failure.
export const REQUEST_TIMEOUT_MS = 15_000;

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
