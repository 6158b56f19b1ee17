import type { Timers } from '../upstream/timers';

export interface ManualTimers extends Timers {
  /** Moves the clock on by `ms`, calling each timer that falls due on the way, in order. */
  advance(ms: number): void;
  /** Timers set and neither called nor cancelled yet. */
  readonly pending: number;
}

/**
 * Timers that move only when the test moves them: a deadline passes when the test says so, and
 * never because the machine was busy. `advance` is synchronous; a timer that work set after an
 * await is set once that work has run, so a test waits for it (`until`) before advancing past it.
 */
export function manualTimers(): ManualTimers {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    after(ms, callback) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return () => timers.delete(id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        // The earliest due; of equal times, the first set (a Map keeps insertion order).
        let due: [number, { at: number; callback: () => void }] | undefined;
        for (const entry of timers)
          if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    get pending() {
      return timers.size;
    },
  };
}
