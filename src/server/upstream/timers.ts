/**
 * The monotonic clock and one-shot timers that request deadlines run on: the real ones in the
 * server, a test's own in tests, so that a test of a deadline does not rest on how fast a busy
 * machine runs (as `clock` does for the wall-clock time of cache ages and quotas).
 */
export interface Timers {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Calls `callback` once `ms` have passed; the function returned cancels it. */
  after(ms: number, callback: () => void): () => void;
}

export const realTimers: Timers = {
  now: () => performance.now(),
  after(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};
