import { useEffect } from 'react';
import { panelKey } from '../../../lib/url-state/display-keys';
import { type LinkChange, updateLink } from '../../../lib/url-state/link';
import type { Read, SetKey } from '../../../lib/url-state/url-key';
import { centreKey, selectionView, setSelection, zoomKey } from '../../map/public';
import { nextRotation, startOfRotation, type WallView } from '../lib/rotation';
import { type KioskOptions, kioskView } from '../url-state';

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
    updateLink(step((state) => startOfRotation(state, kiosk)));
    // The options are read through `kiosk`, whose content the keys below stand for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panels, places]);

  useEffect(() => {
    if (!kiosk || seconds === undefined) return;
    if (kiosk.panels.length <= 1 && kiosk.places.length <= 1) return;
    const timer = window.setInterval(
      () =>
        updateLink(
          step((state, read) => {
            const current = kioskView(read);
            return current ? nextRotation(state, current) : state;
          }),
        ),
      seconds * 1000,
    );
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seconds, panels, places]);
}

/** A rotation step as a change of link: the wall's panel and place, read and written back. */
function step(move: (state: WallView, read: Read) => WallView): LinkChange {
  return (set: SetKey, read: Read) => {
    const state: WallView = {
      panel: read(panelKey),
      selection: selectionView(read),
      centre: read(centreKey),
      zoom: read(zoomKey),
    };
    const next = move(state, read);
    set(panelKey, next.panel);
    setSelection(set, next.selection);
    set(centreKey, next.centre);
    set(zoomKey, next.zoom);
  };
}
