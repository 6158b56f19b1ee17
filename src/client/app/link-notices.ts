import {
  defaultLightningRule,
  type LightningRule,
  lightningSearchReach,
  ruleBounds,
} from '../../shared/safety/lightning-rule';
import { pollutants } from '../../shared/weather/aqi';
import { languages, unitSystems } from '../../shared/weather/units';
import { upgradeLink } from './link-version';
import {
  dockPanels,
  historyDatasets,
  lightningHistoryStart,
  mapLayers,
  maxKioskPlaces,
  type ownedKeys,
  parseDayClock,
} from './view-state';

type Test = (value: string) => boolean;

/** What a key accepts, and the words that say so in a notice. */
interface Check {
  test: Test;
  allowed: string;
}

const numberIn = (min: number, max: number, integer = false, unit = ''): Check => ({
  test: (value) => {
    const number = Number(value);
    return (
      value.trim() !== '' &&
      Number.isFinite(number) &&
      number >= min &&
      number <= max &&
      (!integer || Number.isInteger(number))
    );
  },
  allowed: `${integer ? 'a whole number' : 'a number'} from ${min} to ${max}${unit ? ` ${unit}` : ''}`,
});
const ruleField = (field: keyof LightningRule, unit: string): Check => {
  const bounds = ruleBounds(field);
  return numberIn(bounds.min, bounds.max, bounds.integer, unit);
};
const oneOf = (values: readonly string[]): Check => ({
  test: (value) => values.includes(value),
  allowed: `one of ${values.join(', ')}`,
});
const listOf = (values: readonly string[]): Check => ({
  test: (value) => value.split(',').every((item) => values.includes(item)),
  allowed: `a comma-separated list of ${values.join(', ')}`,
});
const pairTest: Test = (value) => {
  const [lat, lon, extra] = value.split(',');
  return (
    extra === undefined && numberIn(-90, 90).test(lat ?? '') && numberIn(-180, 180).test(lon ?? '')
  );
};
const pair: Check = {
  test: pairTest,
  allowed: 'lat,lon with lat from -90 to 90 and lon from -180 to 180',
};
const date: Check = {
  test: (value) => /^\d{4}-\d{2}-\d{2}(:\d{2})?$/.test(value),
  allowed: 'a date YYYY-MM-DD (or YYYY-MM-DD:HH)',
};
const isDay: Test = (value) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const text: Check = { test: (value) => value.length <= 100, allowed: 'at most 100 characters' };

/** What each key of a link accepts; a value outside it is ignored, and said to be. */
const checks: Record<(typeof ownedKeys)[number], Check> = {
  v: numberIn(1, 99, true),
  kiosk: oneOf(['0', '1']),
  rotate: numberIn(5, 3600, true, 'seconds'),
  panels: listOf(dockPanels),
  places: {
    test: (value) => value.split(';').length <= maxKioskPlaces && value.split(';').every(pairTest),
    allowed: `up to ${maxKioskPlaces} places as lat,lon;lat,lon with lat from -90 to 90 and lon from -180 to 180`,
  },
  reload: {
    test: (value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value),
    allowed: 'a time HH:MM from 00:00 to 23:59',
  },
  lat: numberIn(-90, 90),
  lon: numberIn(-180, 180),
  z: numberIn(0, 18),
  c: pair,
  units: oneOf(unitSystems),
  layers: listOf(mapLayers),
  stop_km: ruleField('stopKm', 'km'),
  caution_km: ruleField('cautionKm', 'km'),
  clear_min: ruleField('clearMinutes', 'minutes'),
  lkm: numberIn(1, lightningSearchReach.km, true, 'km'),
  lmin: numberIn(1, lightningSearchReach.minutes, true, 'minutes'),
  lsort: oneOf(['distance', 'time']),
  llimit: numberIn(1, 2500, true),
  lhist: {
    test: (value) => isDay(value) && value >= lightningHistoryStart,
    allowed: `a day YYYY-MM-DD from ${lightningHistoryStart}`,
  },
  ltz: oneOf(['local', 'utc']),
  lt: {
    test: (value) => parseDayClock(value) !== undefined,
    allowed: 'a time HH:MM from 00:00 to 24:00',
  },
  lang: oneOf(languages),
  panel: oneOf(dockPanels),
  view: oneOf(['chart', 'table']),
  days: numberIn(1, 16, true),
  hours: numberIn(1, 72, true),
  pollutants: listOf(pollutants),
  tp: oneOf(['daily', 'hourly']),
  // Checked against the link's units below.
  threshold: numberIn(-148, 212, false, '°F with units=I'),
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
    if (!check) {
      notices.push(`“${key}” is not a Skydeck setting`);
      continue;
    }
    const problem = !check.test(value) ? check.allowed : fitsTheRest(key, value, params);
    if (problem) notices.push(`“${key}=${shorten(value)}” is not valid: ${key} must be ${problem}`);
  }
  // A point needs both halves.
  if (params.has('lat') !== params.has('lon'))
    notices.push(
      `“${params.has('lat') ? 'lat' : 'lon'}” needs “${params.has('lat') ? 'lon' : 'lat'}” too`,
    );
  return notices;
}

/** Rules that depend on another key of the same link: what is allowed, when the value is not. */
function fitsTheRest(key: string, value: string, params: URLSearchParams): string | undefined {
  // The threshold is in °F with imperial units and °C otherwise (the provider's range).
  if (key === 'threshold' && params.get('units') !== 'I' && Math.abs(Number(value)) > 100)
    return 'a number from -100 to 100 °C (-148 to 212 °F with units=I)';
  if (key === 'caution_km') {
    const stop = Number(params.get('stop_km') ?? defaultLightningRule.stopKm);
    if (Number.isFinite(stop) && Number(value) < stop)
      return `at least the stop radius (stop_km=${stop}) and at most ${ruleBounds('cautionKm').max} km`;
  }
  // The time slider belongs to a day of history; without one there is nothing to slide over.
  if (key === 'lt' && !params.has('lhist')) return 'given with lhist, a day of lightning history';
  return undefined;
}

/** A value quoted in a notice, cut short: a link can carry anything. */
function shorten(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}
