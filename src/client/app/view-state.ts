import { unitSystems, type UnitSystem } from '../../shared/weather/units';

/**
 * The shareable view: which point is selected, how far the map is zoomed, and where it is
 * centred when that is not on the selection. The URL is its only home.
 */
export interface ViewState {
  selection: { lat: number; lon: number } | undefined;
  zoom: number;
  /** The map centre, only when it differs from the selection. */
  centre: { lat: number; lon: number } | undefined;
  units: UnitSystem;
  /** Overlay layers switched on. */
  layers: readonly MapLayer[];
  /** Lightning safety: stop radius and all-clear time. */
  stopKm: number;
  clearMinutes: number;
  /** Lightning search: distance (km), minutes back, order and how many strikes. */
  lightning: LightningSearch;
  /** A day of lightning history instead of live strikes (lhist, ltz). */
  lightningHistory: { date: string; tz: 'local' | 'utc' } | undefined;
}

/** Lightning history starts here (the interface's rule). */
export const lightningHistoryStart = '2024-08-15';

export interface LightningSearch {
  searchKm: number;
  searchMinutes: number;
  sort: 'distance' | 'time';
  limit: number;
}

export const defaultLightningSearch: LightningSearch = {
  searchKm: 20,
  searchMinutes: 30,
  sort: 'distance',
  limit: 1000,
};

export const mapLayers = ['lightning'] as const;
export type MapLayer = (typeof mapLayers)[number];

export const defaultStopKm = 10;
export const defaultClearMinutes = 30;

export const worldZoom = 1.6;
export const placeZoom = 7;
export const maxZoom = 18;

const coordinateDigits = 4;

export function parseViewState(search: string): ViewState {
  const params = new URLSearchParams(search);
  const lat = finiteIn(params.get('lat'), -90, 90);
  const lon = finiteIn(params.get('lon'), -180, 180);
  const selection = lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
  const centre = parsePair(params.get('c'));
  const zoom = finiteIn(params.get('z'), 0, maxZoom) ?? (selection ? placeZoom : worldZoom);
  const unitsParam = params.get('units');
  const units = unitSystems.find((value) => value === unitsParam) ?? 'M';
  const layers = mapLayers.filter((layer) =>
    (params.get('layers') ?? '').split(',').includes(layer),
  );
  const stopKm = finiteIn(params.get('stop_km'), 1, 75) ?? defaultStopKm;
  const clearMinutes = finiteIn(params.get('clear_min'), 5, 120) ?? defaultClearMinutes;
  const lightning: LightningSearch = {
    searchKm: integerIn(params.get('lkm'), 1, 75) ?? defaultLightningSearch.searchKm,
    searchMinutes: integerIn(params.get('lmin'), 1, 45) ?? defaultLightningSearch.searchMinutes,
    sort: params.get('lsort') === 'time' ? 'time' : 'distance',
    limit: integerIn(params.get('llimit'), 1, 2500) ?? defaultLightningSearch.limit,
  };
  const historyDate = params.get('lhist') ?? '';
  const lightningHistory =
    /^\d{4}-\d{2}-\d{2}$/.test(historyDate) &&
    historyDate >= lightningHistoryStart &&
    !Number.isNaN(Date.parse(historyDate))
      ? {
          date: historyDate,
          tz: params.get('ltz') === 'utc' ? ('utc' as const) : ('local' as const),
        }
      : undefined;
  return {
    selection,
    zoom,
    centre,
    units,
    layers,
    stopKm,
    clearMinutes,
    lightning,
    lightningHistory,
  };
}

/** The URL keys this state owns; any other parameter is left as it is. */
const ownedKeys = [
  'lat',
  'lon',
  'z',
  'c',
  'units',
  'layers',
  'stop_km',
  'clear_min',
  'lkm',
  'lmin',
  'lsort',
  'llimit',
  'lhist',
  'ltz',
];

/** Writes the view into a query string: short keys, defaults left out, parameters we do not own kept. */
export function serializeViewState(state: ViewState, previousSearch = ''): string {
  const params = new URLSearchParams(previousSearch);
  for (const key of ownedKeys) params.delete(key);
  if (state.selection) {
    params.set('lat', roundCoordinate(state.selection.lat));
    params.set('lon', roundCoordinate(state.selection.lon));
  }
  const defaultZoom = state.selection ? placeZoom : worldZoom;
  if (Math.abs(state.zoom - defaultZoom) > 0.01)
    params.set('z', String(Math.round(state.zoom * 100) / 100));
  if (state.centre) {
    params.set('c', `${roundCoordinate(state.centre.lat)},${roundCoordinate(state.centre.lon)}`);
  }
  if (state.units !== 'M') params.set('units', state.units);
  if (state.layers.length > 0) params.set('layers', state.layers.join(','));
  if (state.stopKm !== defaultStopKm) params.set('stop_km', String(state.stopKm));
  if (state.clearMinutes !== defaultClearMinutes) {
    params.set('clear_min', String(state.clearMinutes));
  }
  const search = state.lightning;
  if (search.searchKm !== defaultLightningSearch.searchKm)
    params.set('lkm', String(search.searchKm));
  if (search.searchMinutes !== defaultLightningSearch.searchMinutes) {
    params.set('lmin', String(search.searchMinutes));
  }
  if (search.sort !== defaultLightningSearch.sort) params.set('lsort', search.sort);
  if (search.limit !== defaultLightningSearch.limit) params.set('llimit', String(search.limit));
  if (state.lightningHistory) {
    params.set('lhist', state.lightningHistory.date);
    if (state.lightningHistory.tz === 'utc') params.set('ltz', 'utc');
  }
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
}

export function roundCoordinate(value: number): string {
  return String(Number(value.toFixed(coordinateDigits)));
}

/** Wraps a longitude into [-180, 180], as the map reports positions past the antimeridian. */
export function wrapLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

function finiteIn(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

function integerIn(raw: string | null, min: number, max: number): number | undefined {
  const value = finiteIn(raw, min, max);
  return value !== undefined && Number.isInteger(value) ? value : undefined;
}

function parsePair(raw: string | null): { lat: number; lon: number } | undefined {
  const [latRaw, lonRaw, extra] = (raw ?? '').split(',');
  if (extra !== undefined) return undefined;
  const lat = finiteIn(latRaw ?? null, -90, 90);
  const lon = finiteIn(lonRaw ?? null, -180, 180);
  return lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
}
