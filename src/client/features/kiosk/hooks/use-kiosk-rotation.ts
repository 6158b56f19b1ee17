import { useEffect } from 'react';
import { updateViewState } from '../../../app/use-view-state';
import type { KioskOptions } from '../../../app/view-state';
import { nextRotation, startOfRotation } from '../lib/rotation';

/**
 * Cycles a kiosk through its panels and places, one step every `rotate` seconds. Each step is
 * written to the URL in place (no history entries), so a reload resumes where the wall was.
 * One interval, replaced only when the rotation itself changes.
 */
export function useKioskRotation(kiosk: KioskOptions | undefined): void {
  const seconds = kiosk?.rotateSeconds;
  // Stable keys: a new options object with the same content must not restart the timer.
  const panels = kiosk?.panels.join(',') ?? '';
  const places = kiosk?.places.map((place) => `${place.lat},${place.lon}`).join(';') ?? '';

  useEffect(() => {
    if (!kiosk) return;
    updateViewState((current) => startOfRotation(current, kiosk));
    // The options are read through `kiosk`, whose content the keys below stand for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panels, places]);

  useEffect(() => {
    if (!kiosk || seconds === undefined) return;
    if (kiosk.panels.length <= 1 && kiosk.places.length <= 1) return;
    const timer = window.setInterval(
      () =>
        updateViewState((current) =>
          current.kiosk ? nextRotation(current, current.kiosk) : current,
        ),
      seconds * 1000,
    );
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seconds, panels, places]);
}
