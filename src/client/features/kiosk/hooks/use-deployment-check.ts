import { useEffect, useState } from 'react';

/** The entry script a page of the app loads: it changes with every build. */
export function entryScript(html: string): string | undefined {
  return /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
}

/**
 * Notices a new deployment: every `periodMs` it reads the app's page afresh (index.html is
 * served no-cache) and compares its entry script with the one running. A kiosk reloads by
 * itself; a desk is told, and reloads when the person is ready.
 */
export function useDeploymentCheck(autoReload: boolean, periodMs = 10 * 60_000): boolean {
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    const running = document
      .querySelector<HTMLScriptElement>('script[type="module"][src]')
      ?.getAttribute('src');
    if (!running) return;
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
        const latest = entryScript(await response.text());
        if (stopped || !latest || latest === running) return;
        if (autoReload) window.location.reload();
        else setUpdated(true);
      } catch {
        // The server is down: the data panels already say so; try again next time.
      }
    };
    const timer = window.setInterval(() => void check(), periodMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [autoReload, periodMs]);
  return updated;
}
