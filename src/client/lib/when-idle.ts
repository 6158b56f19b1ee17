/**
 * Calls `callback` at the browser's next idle moment, or after `timeoutMs` at the latest (a
 * busy map must not hold work back for long); returns a function that cancels it. An idle
 * callback, not an animation frame, which a tab opened in the background would not get until
 * shown.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, timeoutMs / 2);
  return () => window.clearTimeout(handle);
}
