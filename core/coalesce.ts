// Request coalescing: concurrent callers asking for the same key share one in-flight promise instead of each doing the work.

/**
 * One in-flight promise per key; it is forgotten once it settles, so nothing is cached beyond the work's own lifetime.
 * `forget` detaches a key early (its data changed while the work was running): later callers start afresh.
 */
export class Coalescer<K, V> {
  private readonly inFlight = new Map<K, Promise<V>>();

  run(key: K, work: () => Promise<V>): Promise<V> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = work().finally(() => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, promise);
    return promise;
  }

  forget(key: K): void {
    this.inFlight.delete(key);
  }

  /** Detaches every key the predicate picks (e.g. all of one user's). */
  forgetWhere(pick: (key: K) => boolean): void {
    for (const key of this.inFlight.keys()) if (pick(key)) this.inFlight.delete(key);
  }

  get size(): number {
    return this.inFlight.size;
  }
}
