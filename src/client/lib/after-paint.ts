/** Longest wait for the first contentful paint: a browser that reports none still goes on. */
const paintTimeoutMs = 3_000;

const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;

/**
 * Calls `callback` once the page's first contentful paint is on screen (at once if it already
 * is), or after `paintTimeoutMs` where the browser does not report paints; returns a function
 * that cancels it. The paint entry comes when the frame is presented, not when the main thread
 * has drawn it: an animation frame would be too early. A hidden tab paints nothing until shown:
 * there the callback runs at once.
 */
export function afterFirstContentfulPaint(callback: () => void): () => void {
  const observes = PerformanceObserver.supportedEntryTypes?.includes('paint') ?? false;
  if (document.visibilityState === 'hidden' || !observes || painted()) {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  const cancel = () => {
    window.clearTimeout(timer);
    observer.disconnect();
  };
  const run = () => {
    cancel();
    callback();
  };
  const observer = new PerformanceObserver(() => {
    if (painted()) run();
  });
  const timer = window.setTimeout(run, paintTimeoutMs);
  observer.observe({ type: 'paint', buffered: true });
  return cancel;
}
