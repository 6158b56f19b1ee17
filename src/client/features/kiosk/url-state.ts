import type { LatLon } from '../../../shared/geo/coordinates';
import type { LinkView } from '../../lib/url-state/link';
import { type DockPanel, dockPanels, wallKey } from '../../lib/url-state/display-keys';
import {
  latLonRule,
  latLonText,
  listKey,
  optionalNumberKey,
  parseLatLon,
  patternKey,
  type Read,
  urlKey,
  writtenOnlyIf,
} from '../../lib/url-state/url-key';

/** A wall's keys: its rotation, the panels and places it cycles through, a daily reload. */

/** A wall cycles through at most this many places (places=). */
export const maxKioskPlaces = 20;

/** Seconds each panel (or place) stays before the next (rotate). */
const rotateRange = { min: 5, max: 3600, integer: true, unit: 'seconds' };

// A wall's settings mean nothing on a desk and are not written there.
const onWall = (read: Read) => read(wallKey);

export const rotateKey = writtenOnlyIf(optionalNumberKey('rotate', rotateRange), onWall);

/** The panels to cycle through, in the order given: the order the wall shows them in. */
export const kioskPanelsKey = writtenOnlyIf(
  listKey('panels', dockPanels, { keepOrder: true }),
  onWall,
);

export const kioskPlacesKey = writtenOnlyIf(
  urlKey<readonly LatLon[]>('places', {
    parse: (raw) => {
      const places = raw.split(';').map(parseLatLon);
      return places.length <= maxKioskPlaces && places.every((place) => place !== undefined)
        ? (places as LatLon[])
        : undefined;
    },
    salvage: (raw) =>
      raw
        .split(';')
        .map(parseLatLon)
        .filter((place): place is LatLon => place !== undefined)
        .slice(0, maxKioskPlaces),
    fallback: [],
    write: (places) => places.map(latLonText).join(';'),
    allowed: `up to ${maxKioskPlaces} places as lat,lon;lat,lon with ${latLonRule.replace('lat,lon with ', '')}`,
  }),
  onWall,
);

/** A daily reload at this local time, HH:MM. */
export const reloadKey = writtenOnlyIf(
  patternKey(
    'reload',
    (raw) => /^([01]\d|2[0-3]):[0-5]\d$/.test(raw),
    'a time HH:MM from 00:00 to 23:59',
  ),
  onWall,
);

export interface KioskOptions {
  rotateSeconds: number | undefined;
  panels: readonly DockPanel[];
  places: readonly LatLon[];
  reloadAt: string | undefined;
}

/** Wall-screen mode and its options; undefined on a desk. */
export const kioskView: LinkView<KioskOptions | undefined> = (read) =>
  read(wallKey)
    ? {
        rotateSeconds: read(rotateKey),
        panels: read(kioskPanelsKey),
        places: read(kioskPlacesKey),
        reloadAt: read(reloadKey),
      }
    : undefined;
