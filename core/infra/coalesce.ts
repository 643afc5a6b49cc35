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

/**
 * A FIFO gate of `limit` slots: work past the limit waits its turn instead of starting. Under a stampede (every tab
 * loading its lists at once) thousands of reads in flight at once only lengthen every queue (the pool's, the event
 * loop's, the collector's), while cheap answers (304s, market reads) starve behind them; through the gate a bounded
 * number run and everything else waits as one small promise.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private head = 0;

  constructor(readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Requests waiting for a slot (for the metrics). */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  private release() {
    // The slot passes straight to the next waiter (running stays the same), so a newcomer cannot jump the queue.
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head++];
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      next();
    } else this.running--;
  }
}

/**
 * Work asked for during one event-loop turn, done together after it (setImmediate) by one call of `run`, which answers
 * each item in order: a stampede's many small reads become one round trip per turn instead of one each. With
 * `windowMs`, everything asked for within that long of the first item goes together (work nobody waits for).
 */
export class TurnBatch<In, Out> {
  private items: { item: In; resolve: (out: Out) => void; reject: (err: unknown) => void }[] = [];

  constructor(
    private readonly run: (items: In[]) => Promise<Out[]>,
    private readonly windowMs = 0,
  ) {}

  add(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      if (!this.items.length) {
        if (this.windowMs > 0) setTimeout(() => void this.flush(), this.windowMs);
        else setImmediate(() => void this.flush());
      }
      this.items.push({ item, resolve, reject });
    });
  }

  private async flush() {
    const batch = this.items;
    this.items = [];
    try {
      const outs = await this.run(batch.map((b) => b.item));
      for (const [i, b] of batch.entries()) b.resolve(outs[i]);
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }
}
