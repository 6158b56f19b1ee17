import { useEffect } from 'react';

/**
 * Keeps the screen on while a kiosk shows (the Screen Wake Lock API, where the browser has it).
 * The browser drops the lock whenever the page is hidden; it is asked for again on return.
 */
export function useWakeLock(enabled: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
    if (!enabled || !wakeLock) return;
    let sentinel: { release(): Promise<void> } | undefined;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((lock) => {
          if (stopped) void lock.release();
          else sentinel = lock;
        })
        // Refused (battery saver, no user gesture yet): the screen may sleep; nothing else breaks.
        .catch(() => undefined);
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release();
    };
  }, [enabled]);
}

interface WakeLockApi {
  request(type: 'screen'): Promise<{ release(): Promise<void> }>;
}
