/** Longest wait for the first contentful paint: a browser that reports none still goes on. */
const paintTimeoutMs = 3_000;

const firstContentfulPaint = (entries: PerformanceEntryList) =>
  entries.some((entry) => entry.name === 'first-contentful-paint');

/**
 * Calls `callback` once the page's first contentful paint is on screen (at once if it already
 * is), or after `paintTimeoutMs` where the browser does not report paints; returns a function
 * that cancels it. The paint entry comes when the frame is presented, not when the main thread
 * has drawn it: an animation frame would be too early. A hidden tab paints nothing until shown:
 * there the callback runs at once. The entries are read from the observer, which is given the
 * ones already recorded too (`buffered`), not from `performance`, which a test's fake clock
 * replaces.
 */
export function afterFirstContentfulPaint(callback: () => void): () => void {
  const observes = PerformanceObserver.supportedEntryTypes?.includes('paint') ?? false;
  if (document.visibilityState === 'hidden' || !observes) {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  const cancel = () => {
    window.clearTimeout(timer);
    observer.disconnect();
  };
  const observer = new PerformanceObserver((list) => {
    if (!firstContentfulPaint(list.getEntries())) return;
    cancel();
    callback();
  });
  const timer = window.setTimeout(() => {
    cancel();
    callback();
  }, paintTimeoutMs);
  observer.observe({ type: 'paint', buffered: true });
  return cancel;
}
