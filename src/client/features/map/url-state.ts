import { inRange, providerRanges, rangeText } from '../../../shared/api/provider-params';
import { type LatLon, roundCoordinate } from '../../../shared/geo/coordinates';
import type { LinkView } from '../../lib/url-state/link';
import {
  latLonRule,
  latLonText,
  listKey,
  optionalNumberKey,
  parseLatLon,
  type SetKey,
  urlKey,
  writtenOnlyIf,
} from '../../lib/url-state/url-key';

/** The map's keys: the selected point, the zoom, the centre when it is off the point, layers. */

export const worldZoom = 1.6;
export const placeZoom = 7;
export const maxZoom = 18;
const zoomRange = { min: 0, max: maxZoom, integer: false };

// Half a point is no point: both halves are written or neither.
const coordinate = (name: 'lat' | 'lon', needs: 'lat' | 'lon') =>
  writtenOnlyIf(
    { ...optionalNumberKey(name, providerRanges[name], { needs }), write: roundCoordinate },
    (read) => selectionView(read) !== undefined,
  );

export const latKey = coordinate('lat', 'lon');
export const lonKey = coordinate('lon', 'lat');

export const selectionView: LinkView<LatLon | undefined> = (read) => {
  const lat = read(latKey);
  const lon = read(lonKey);
  return lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
};

export const zoomKey = urlKey<number>('z', {
  parse: (raw) => {
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    return inRange(value, zoomRange) ? value : undefined;
  },
  // A link to a place opens close enough to see it; one without, on the world.
  fallback: (read) => (selectionView(read) ? placeZoom : worldZoom),
  write: (zoom) => String(Math.round(zoom * 100) / 100),
  omitWhen: (zoom, read) => Math.abs(zoom - (selectionView(read) ? placeZoom : worldZoom)) <= 0.01,
  allowed: rangeText(zoomRange),
});

/** The map centre, only when it differs from the selection. */
export const centreKey = urlKey<LatLon | undefined>('c', {
  parse: parseLatLon,
  fallback: undefined,
  write: latLonText,
  allowed: latLonRule,
});

export const mapLayers = ['lightning'] as const;
export type MapLayer = (typeof mapLayers)[number];

/** Overlay layers switched on. */
export const layersKey = listKey('layers', mapLayers);

/** Selects a point (or none): both halves of it. */
export function setSelection(set: SetKey, point: LatLon | undefined): void {
  set(latKey, point?.lat);
  set(lonKey, point?.lon);
}

/** Where the map looks: the centre the link gives, else the selection. */
export const cameraView: LinkView<{ target: LatLon | undefined; zoom: number }> = (read) => ({
  target: read(centreKey) ?? selectionView(read),
  zoom: read(zoomKey),
});
