import {
  defaultCautionKm,
  defaultLightningRule,
  type LightningRule,
  lightningSearchReach,
  ruleBounds,
  withinBounds,
} from '../../shared/safety/lightning-rule';
import { type Pollutant, pollutants } from '../../shared/weather/aqi';
import { linkVersion, upgradeLink } from './link-version';
import { type Language, languages, unitSystems, type UnitSystem } from '../../shared/weather/units';

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
  /** The site's lightning rule (stop_km, caution_km, clear_min). */
  rule: LightningRule;
  /** Lightning search: distance (km), minutes back, order and how many strikes. */
  lightning: LightningSearch;
  /** A day of lightning history instead of live strikes (lhist, ltz, lt). */
  lightningHistory: LightningHistoryDay | undefined;
  /** Language of the provider's texts (condition descriptions, wind directions). */
  lang: Language;
  /** The chart panel open under the map (panel). */
  panel: DockPanel | undefined;
  /**
   * Times on charts and tables in the place's zone or UTC (tz): the history explorer asks the
   * provider in the same basis, under the interface's own name for it.
   */
  timeBasis: 'local' | 'utc';
  /** The open panel as a chart or as its table (view). */
  panelView: 'chart' | 'table';
  forecast: ForecastSettings;
  history: HistoryQuery;
  /** Wall-screen mode (kiosk=1) and its options; undefined on a desk. */
  kiosk: KioskOptions | undefined;
}

export interface KioskOptions {
  /** Seconds each panel (or place) stays before the next (rotate). */
  rotateSeconds: number | undefined;
  /** The panels to cycle through (panels). */
  panels: readonly DockPanel[];
  /** The places to cycle through (places=lat,lon;lat,lon). */
  places: readonly { lat: number; lon: number }[];
  /** A daily reload at this local time, HH:MM (reload). */
  reloadAt: string | undefined;
}

export const forecastPanels = ['daily', 'minutely', 'airquality', 'energy'] as const;
export type ForecastPanel = (typeof forecastPanels)[number];
/** The panels of the dock under the map: the forecast charts and the history explorer. */
export const dockPanels = [...forecastPanels, 'history'] as const;
export type DockPanel = (typeof dockPanels)[number];

export const historyDatasets = ['hourly', 'daily', 'airquality', 'lightning'] as const;
export type HistoryDataset = (typeof historyDatasets)[number];

/** One location method, as the interface requires of history requests. */
export type HistoryLocation =
  | { method: 'point' }
  | { method: 'city'; city: string; country: string }
  | { method: 'postal'; postalCode: string; country: string }
  | { method: 'station'; station: string };

/**
 * The history explorer's query, under the interface's own parameter names (dataset, city,
 * country, postal_code, station, start_date, end_date, date, tz). A link fills the form; it
 * never runs a query that costs quota.
 */
export interface HistoryQuery {
  dataset: HistoryDataset;
  location: HistoryLocation;
  startDate: string | undefined;
  endDate: string | undefined;
  /** The day, for lightning. */
  date: string | undefined;
}

/** Each panel's own settings, under the interface's parameter names where it has them. */
export interface ForecastSettings {
  /** Daily forecast length (days, 1–16). */
  days: number;
  /** Air-quality forecast length (hours, 1–72). */
  hours: number;
  /** Pollutants drawn beside the AQI (pollutants). */
  pollutants: readonly Pollutant[];
  /** Energy forecast period (tp). */
  period: 'daily' | 'hourly';
  /** Degree-day threshold in the chosen units, as the provider takes it (threshold). */
  threshold: number;
}

export const defaultForecastSettings: ForecastSettings = {
  days: 16,
  hours: 72,
  pollutants: [],
  period: 'daily',
  threshold: 18,
};

/**
 * Degree-day thresholds are in °F with imperial units and in °C otherwise (scientific units
 * included): the provider's `threshold_units` is only ever C or F.
 */
export function thresholdUnit(units: UnitSystem): '°C' | '°F' {
  return units === 'I' ? '°F' : '°C';
}

/** The interface's default degree-day threshold, 18 °C, in the given units. */
export function defaultThreshold(units: UnitSystem): number {
  return units === 'I' ? 64.4 : 18;
}

/** A switch of unit system, carrying the values that are kept in units along. */
export function withUnits(state: ViewState, units: UnitSystem): ViewState {
  const wasImperial = state.units === 'I';
  const imperial = units === 'I';
  const value = state.forecast.threshold;
  const threshold =
    wasImperial === imperial ? value : imperial ? value * 1.8 + 32 : (value - 32) / 1.8;
  return {
    ...state,
    units,
    forecast: { ...state.forecast, threshold: roundHundredth(threshold) },
  };
}

function roundHundredth(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Lightning history starts here (the interface's rule). */
export const lightningHistoryStart = '2024-08-15';

/**
 * A day of lightning history: the day, the basis it is a day in, and how far into it the strikes
 * are shown (minutes after midnight, 0 to 1440; the whole day unless the link says otherwise).
 */
export interface LightningHistoryDay {
  date: string;
  tz: 'local' | 'utc';
  until: number;
}

export const minutesPerDay = 1440;

/**
 * A time of day as HH:MM, 00:00 to 24:00: 24:00 is the end of the day, so a link can say "the
 * whole day" in the same words as any other moment of it.
 */
export function parseDayClock(text: string): number | undefined {
  const match = /^(\d{2}):([0-5]\d)$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= minutesPerDay ? minutes : undefined;
}

/** Minutes after midnight as HH:MM (00:00 to 24:00). */
export function dayClockText(minutes: number): string {
  const whole = Math.min(minutesPerDay, Math.max(0, Math.round(minutes)));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

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

export const worldZoom = 1.6;
export const placeZoom = 7;
export const maxZoom = 18;

const coordinateDigits = 4;

export function parseViewState(search: string): ViewState {
  const params = upgradeLink(search);
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
  const rule = parseRule(params);
  const lightning: LightningSearch = {
    searchKm:
      integerIn(params.get('lkm'), 1, lightningSearchReach.km) ?? defaultLightningSearch.searchKm,
    searchMinutes:
      integerIn(params.get('lmin'), 1, lightningSearchReach.minutes) ??
      defaultLightningSearch.searchMinutes,
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
          until: parseDayClock(params.get('lt') ?? '') ?? minutesPerDay,
        }
      : undefined;
  const langParam = params.get('lang');
  const lang = languages.find((value) => value === langParam) ?? 'en';
  const panelParam = params.get('panel');
  const panel = dockPanels.find((value) => value === panelParam);
  const threshold = finiteIn(params.get('threshold'), -148, 212);
  // The provider takes -100 °C to 100 °C (-148 °F to 212 °F); anything else is the default.
  const thresholdValid =
    threshold !== undefined &&
    (units === 'I' ? threshold >= -148 && threshold <= 212 : Math.abs(threshold) <= 100);
  const forecast: ForecastSettings = {
    days: integerIn(params.get('days'), 1, 16) ?? defaultForecastSettings.days,
    hours: integerIn(params.get('hours'), 1, 72) ?? defaultForecastSettings.hours,
    pollutants: pollutants.filter((name) =>
      (params.get('pollutants') ?? '').split(',').includes(name),
    ),
    period: params.get('tp') === 'hourly' ? 'hourly' : 'daily',
    threshold: thresholdValid ? threshold : defaultThreshold(units),
  };
  return {
    selection,
    zoom,
    centre,
    units,
    layers,
    rule,
    lightning,
    lightningHistory,
    lang,
    panel,
    timeBasis: params.get('tz') === 'utc' ? 'utc' : 'local',
    panelView: params.get('view') === 'table' ? 'table' : 'chart',
    forecast,
    history: parseHistoryQuery(params),
    kiosk: parseKiosk(params),
  };
}

function parseRule(params: URLSearchParams): LightningRule {
  const value = (name: string, field: keyof LightningRule, stopKm?: number) => {
    const raw = params.get(name);
    const number = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
    return withinBounds(number, ruleBounds(field, stopKm)) ? number : undefined;
  };
  const stopKm = value('stop_km', 'stopKm') ?? defaultLightningRule.stopKm;
  return {
    stopKm,
    cautionKm: value('caution_km', 'cautionKm', stopKm) ?? defaultCautionKm(stopKm),
    clearMinutes: value('clear_min', 'clearMinutes') ?? defaultLightningRule.clearMinutes,
  };
}

/** A wall cycles through at most this many places (places=). */
export const maxKioskPlaces = 20;

function parseKiosk(params: URLSearchParams): KioskOptions | undefined {
  if (params.get('kiosk') !== '1') return undefined;
  const places = (params.get('places') ?? '')
    .split(';')
    .map((pair) => parsePair(pair))
    .filter((place): place is { lat: number; lon: number } => place !== undefined)
    .slice(0, maxKioskPlaces);
  const reload = params.get('reload') ?? '';
  return {
    rotateSeconds: integerIn(params.get('rotate'), 5, 3600),
    // In the order given: it is the order the wall shows them in.
    panels: [
      ...new Set(
        (params.get('panels') ?? '')
          .split(',')
          .filter((name): name is DockPanel => (dockPanels as readonly string[]).includes(name)),
      ),
    ],
    places,
    reloadAt: /^([01]\d|2[0-3]):[0-5]\d$/.test(reload) ? reload : undefined,
  };
}

const datePattern = /^\d{4}-\d{2}-\d{2}(:\d{2})?$/;

function parseHistoryQuery(params: URLSearchParams): HistoryQuery {
  const datasetParam = params.get('dataset');
  const text = (name: string) => (params.get(name) ?? '').slice(0, 100);
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return datePattern.test(value) ? value : undefined;
  };
  const location: HistoryLocation = params.has('city')
    ? { method: 'city', city: text('city'), country: text('country') }
    : params.has('postal_code')
      ? { method: 'postal', postalCode: text('postal_code'), country: text('country') }
      : params.has('station')
        ? { method: 'station', station: text('station') }
        : { method: 'point' };
  return {
    dataset: historyDatasets.find((value) => value === datasetParam) ?? 'hourly',
    location,
    startDate: date('start_date'),
    endDate: date('end_date'),
    date: date('date'),
  };
}

/** The URL keys this state owns; any other parameter is left as it is. */
export const ownedKeys = [
  'v',
  'kiosk',
  'rotate',
  'panels',
  'places',
  'reload',
  'lat',
  'lon',
  'z',
  'c',
  'units',
  'layers',
  'stop_km',
  'caution_km',
  'clear_min',
  'lkm',
  'lmin',
  'lsort',
  'llimit',
  'lhist',
  'ltz',
  'lt',
  'lang',
  'panel',
  'view',
  'days',
  'hours',
  'pollutants',
  'tp',
  'threshold',
  'dataset',
  'city',
  'country',
  'postal_code',
  'station',
  'start_date',
  'end_date',
  'date',
  'tz',
] as const;

/** Writes the view into a query string: short keys, defaults left out, parameters we do not own kept. */
export function serializeViewState(state: ViewState, previousSearch = ''): string {
  // Read as this version reads it, so a key an older version used is not kept as a stranger's.
  const params = upgradeLink(previousSearch);
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
  const { rule } = state;
  if (rule.stopKm !== defaultLightningRule.stopKm) params.set('stop_km', String(rule.stopKm));
  if (rule.cautionKm !== defaultCautionKm(rule.stopKm))
    params.set('caution_km', String(rule.cautionKm));
  if (rule.clearMinutes !== defaultLightningRule.clearMinutes) {
    params.set('clear_min', String(rule.clearMinutes));
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
    if (state.lightningHistory.until < minutesPerDay)
      params.set('lt', dayClockText(state.lightningHistory.until));
  }
  if (state.lang !== 'en') params.set('lang', state.lang);
  if (state.panel) params.set('panel', state.panel);
  if (state.timeBasis === 'utc') params.set('tz', 'utc');
  if (state.panelView === 'table') params.set('view', 'table');
  const forecast = state.forecast;
  if (forecast.days !== defaultForecastSettings.days) params.set('days', String(forecast.days));
  if (forecast.hours !== defaultForecastSettings.hours) params.set('hours', String(forecast.hours));
  if (forecast.pollutants.length > 0) params.set('pollutants', forecast.pollutants.join(','));
  if (forecast.period !== defaultForecastSettings.period) params.set('tp', forecast.period);
  if (Math.abs(forecast.threshold - defaultThreshold(state.units)) > 0.005) {
    params.set('threshold', String(forecast.threshold));
  }
  writeHistoryQuery(params, state.history);
  writeKiosk(params, state.kiosk);
  if (params.size === 0) return '';
  // The version leads, so whoever reads the link reads it first.
  const versioned = new URLSearchParams([['v', String(linkVersion)], ...params]);
  const query = versioned
    .toString()
    .replaceAll('%2C', ',')
    .replaceAll('%3A', ':')
    .replaceAll('%3B', ';');
  return `?${query}`;
}

function writeKiosk(params: URLSearchParams, kiosk: KioskOptions | undefined): void {
  if (!kiosk) return;
  params.set('kiosk', '1');
  if (kiosk.rotateSeconds !== undefined) params.set('rotate', String(kiosk.rotateSeconds));
  if (kiosk.panels.length > 0) params.set('panels', kiosk.panels.join(','));
  if (kiosk.places.length > 0) {
    params.set(
      'places',
      kiosk.places
        .map((place) => `${roundCoordinate(place.lat)},${roundCoordinate(place.lon)}`)
        .join(';'),
    );
  }
  if (kiosk.reloadAt) params.set('reload', kiosk.reloadAt);
}

function writeHistoryQuery(params: URLSearchParams, history: HistoryQuery): void {
  if (history.dataset !== 'hourly') params.set('dataset', history.dataset);
  const location = history.location;
  if (location.method === 'city') {
    params.set('city', location.city);
    params.set('country', location.country);
  } else if (location.method === 'postal') {
    params.set('postal_code', location.postalCode);
    params.set('country', location.country);
  } else if (location.method === 'station') {
    params.set('station', location.station);
  }
  if (history.startDate) params.set('start_date', history.startDate);
  if (history.endDate) params.set('end_date', history.endDate);
  if (history.date) params.set('date', history.date);
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
