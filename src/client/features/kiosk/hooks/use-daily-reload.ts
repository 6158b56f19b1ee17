import { useEffect } from 'react';

/** Milliseconds from `now` to the next `HH:MM` on the local clock (tomorrow if it has passed). */
export function untilNext(clock: string, now: Date): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  const next = new Date(now);
  next.setHours(hours, minutes, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * An optional reload once a day (`reload=04:00`), for walls that run for weeks: whatever a long
 * session accumulates, the browser starts clean at a quiet hour.
 */
export function useDailyReload(clock: string | undefined): void {
  useEffect(() => {
    if (!clock) return;
    const timer = window.setTimeout(() => window.location.reload(), untilNext(clock, new Date()));
    return () => window.clearTimeout(timer);
  }, [clock]);
}
