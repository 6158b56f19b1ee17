import { useEffect, useState } from 'react';

/** Longest wait for an idle moment: a busy map must not hold the alarms back for long. */
const idleTimeoutMs = 2_000;

/**
 * False until the browser has had an idle moment after the first render, then true: for code the
 * first screen does not need (the alarms), loaded once the screen is up. An idle callback, not an
 * animation frame, which a tab opened in the background would not get until shown.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: idleTimeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setReady(true), idleTimeoutMs / 2);
    return () => window.clearTimeout(handle);
  }, []);
  return ready;
}
