import { pollutants } from '../../shared/weather/aqi';
import { languages, unitSystems } from '../../shared/weather/units';
import { upgradeLink } from './link-version';
import { dockPanels, historyDatasets, mapLayers, type ownedKeys } from './view-state';

type Check = (value: string) => boolean;

const numberIn =
  (min: number, max: number, integer = false): Check =>
  (value) => {
    const number = Number(value);
    return (
      value.trim() !== '' &&
      Number.isFinite(number) &&
      number >= min &&
      number <= max &&
      (!integer || Number.isInteger(number))
    );
  };
const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    values.includes(value);
const listOf =
  (values: readonly string[]): Check =>
  (value) =>
    value.split(',').every((item) => values.includes(item));
const pair: Check = (value) => {
  const [lat, lon, extra] = value.split(',');
  return extra === undefined && numberIn(-90, 90)(lat ?? '') && numberIn(-180, 180)(lon ?? '');
};
const date: Check = (value) => /^\d{4}-\d{2}-\d{2}(:\d{2})?$/.test(value);
const dayDate: Check = (value) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const text: Check = (value) => value.length <= 100;

/** What each key of a link accepts; a value outside it is ignored, and said to be. */
const checks: Record<(typeof ownedKeys)[number], Check> = {
  v: numberIn(1, 99, true),
  kiosk: oneOf(['0', '1']),
  rotate: numberIn(5, 3600, true),
  panels: listOf(dockPanels),
  places: (value) => value.split(';').every(pair),
  reload: (value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value),
  lat: numberIn(-90, 90),
  lon: numberIn(-180, 180),
  z: numberIn(0, 18),
  c: pair,
  units: oneOf(unitSystems),
  layers: listOf(mapLayers),
  stop_km: numberIn(1, 75),
  clear_min: numberIn(5, 120),
  lkm: numberIn(1, 75, true),
  lmin: numberIn(1, 45, true),
  lsort: oneOf(['distance', 'time']),
  llimit: numberIn(1, 2500, true),
  lhist: (value) => dayDate(value) && value >= '2024-08-15',
  ltz: oneOf(['local', 'utc']),
  lang: oneOf(languages),
  panel: oneOf(dockPanels),
  view: oneOf(['chart', 'table']),
  days: numberIn(1, 16, true),
  hours: numberIn(1, 72, true),
  pollutants: listOf(pollutants),
  tp: oneOf(['daily', 'hourly']),
  // Checked against the link's units below.
  threshold: numberIn(-148, 212),
  dataset: oneOf(historyDatasets),
  city: text,
  country: text,
  postal_code: text,
  station: text,
  start_date: date,
  end_date: date,
  date,
  tz: oneOf(['local', 'utc']),
};

/**
 * The parts of a link Skydeck could not use, in words for the notice it shows: the view opens
 * with them ignored rather than failing.
 */
export function linkNotices(search: string): string[] {
  const notices: string[] = [];
  const params = upgradeLink(search);
  for (const [key, value] of params) {
    const check = (checks as Record<string, Check | undefined>)[key];
    if (!check) notices.push(`“${key}” is not a Skydeck setting`);
    else if (!check(value) || !fitsTheRest(key, value, params))
      notices.push(`“${key}=${value}” is not a valid value`);
  }
  // A point needs both halves.
  if (params.has('lat') !== params.has('lon'))
    notices.push(
      `“${params.has('lat') ? 'lat' : 'lon'}” needs “${params.has('lat') ? 'lon' : 'lat'}” too`,
    );
  return notices;
}

/** Rules that depend on another key of the same link. */
function fitsTheRest(key: string, value: string, params: URLSearchParams): boolean {
  // The threshold is in °F with imperial units and °C otherwise (the provider's range).
  if (key === 'threshold' && params.get('units') !== 'I') return Math.abs(Number(value)) <= 100;
  if (key === 'places') return value.split(';').length <= 20;
  return true;
}
