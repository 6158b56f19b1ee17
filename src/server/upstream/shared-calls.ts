/**
 * Identical requests in flight share one provider call, and the call lives only as long as
 * somebody waits for it: each waiter leaves when its client disconnects or its own deadline
 * passes, and when the last one leaves the call is aborted rather than left to run for nobody.
 */
export interface SharedCall<T> {
  promise: Promise<T>;
  /** Whether this waiter joined a call already running. */
  joined: boolean;
  /** This waiter no longer wants the answer. Idempotent. */
  leave(): void;
}

export class SharedCalls<T> {
  private readonly inFlight = new Map<
    string,
    { promise: Promise<T>; waiters: number; controller: AbortController }
  >();

  get size(): number {
    return this.inFlight.size;
  }

  /** Runs `work` unless the same key is already running; either way the caller is a waiter. */
  run(key: string, work: (signal: AbortSignal) => Promise<T>): SharedCall<T> {
    let entry = this.inFlight.get(key);
    const joined = entry !== undefined;
    if (!entry) {
      const controller = new AbortController();
      const promise = work(controller.signal).finally(() => {
        if (this.inFlight.get(key) === created) this.inFlight.delete(key);
      });
      const created = { promise, waiters: 0, controller };
      entry = created;
      this.inFlight.set(key, created);
    }
    const call = entry;
    call.waiters++;
    let left = false;
    return {
      promise: call.promise,
      joined,
      leave: () => {
        if (left) return;
        left = true;
        call.waiters--;
        if (call.waiters === 0) {
          call.controller.abort();
          // A new request for the same key must not join a call that is being cancelled.
          if (this.inFlight.get(key) === call) this.inFlight.delete(key);
        }
      },
    };
  }
}
