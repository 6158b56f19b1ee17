import { secondsPerDay } from '../time/dates';
import type { UnitSystem } from '../weather/units';

/**
 * The provider's parameter rules, written once. The BFF validates requests and fills cache-key
 * defaults from this table, the simulator falls back to the same defaults, and the dashboard
 * clamps its inputs and words its link notices from it, so a range can never differ between
 * the three (as 1–75 km once did between a link, a request and the simulator).
 */

export interface ParamRange {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer: boolean;
  /** The unit the value is in, for messages ("km"). */
  unit?: string;
}

export const providerRanges = {
  lat: { min: -90, max: 90, integer: false },
  lon: { min: -180, max: 180, integer: false },
  /** Current and historical lightning: how far around the point. */
  search_distance_km: { min: 1, max: 75, integer: true, unit: 'km' },
  /** Current lightning: how far back from now. */
  search_mins: { min: 1, max: 45, integer: true, unit: 'minutes' },
  /** Strikes per lightning answer. */
  limit: { min: 1, max: 2500, integer: true },
  skip: { min: 0, max: 1_000_000, integer: true },
  /** Daily forecast length. */
  days: { min: 1, max: 16, integer: true },
  /** Air-quality forecast length. */
  hours: { min: 1, max: 72, integer: true },
} as const satisfies Record<string, ParamRange>;

/** What the provider assumes when a parameter is left out (the interface's defaults). */
export const providerDefaults = {
  units: 'M',
  lang: 'en',
  days: 16,
  hours: 72,
  search_distance_km: 20,
  search_mins: 30,
  skip: 0,
  sort: 'distance',
  output_type: 'json',
  tp: 'daily',
  /** How each history product reads its dates without `tz` (history/daily is always UTC). */
  historyTz: {
    'history/hourly': 'utc',
    'history/airquality': 'local',
    'history/lightning': 'local',
  },
  /** history/airquality without dates: the past this many hours. */
  airQualityHistoryHours: 72,
  /** current/lightning returns this many strikes unless asked for more. */
  currentLightningLimit: 20,
  /** history/lightning returns this many strikes unless asked for more. */
  historyLightningLimit: 1500,
} as const;

/**
 * The degree-day threshold is read in the request's unit system, and `threshold_units` is only
 * ever C or F: scientific units take Celsius like metric ones.
 */
export const thresholdScales = {
  C: { min: -100, max: 100, integer: false, unit: '°C', fallback: 18 },
  F: { min: -148, max: 212, integer: false, unit: '°F', fallback: 64.4 },
} as const satisfies Record<string, ParamRange & { fallback: number }>;

export function thresholdScale(units: UnitSystem | undefined): (typeof thresholdScales)['C' | 'F'] {
  return units === 'I' ? thresholdScales.F : thresholdScales.C;
}

/** The loosest threshold the provider takes in any unit system, for checks before units are known. */
export const thresholdAnyRange: ParamRange = {
  min: thresholdScales.F.min,
  max: thresholdScales.F.max,
  integer: false,
};

/** Lightning history starts on this day (the interface's rule). */
export const lightningHistoryStart = '2024-08-15';

/**
 * "Not in the future", the rule for every history product, written once. A day or hour asked
 * for must have begun where it is asked about: its first instant, read in the place's time zone
 * (tz=local) or in UTC, at or before now. A range may end up to a day after now, so a day can be
 * asked for in full while it runs.
 */
export const historyTimeRule = {
  /** The message's end: "Invalid date: must not be in the future". */
  words: 'must not be in the future',
  /** The first instant asked for (Unix seconds), where it is asked about. */
  hasBegun: (start: number, now: number) => start <= now,
  /**
   * For the BFF, which does not know a place's time zone until the provider has placed the
   * point: a date (or date and hour) read as UTC has begun somewhere when it has begun at
   * UTC+14, the furthest ahead any clock runs. What has begun nowhere yet is refused; the rest
   * is left to the provider, which judges the place's own day.
   */
  hasBegunSomewhere: (utcReading: number, now: number) => utcReading - 14 * 3600 <= now,
  /** The end of a range (Unix seconds), exclusive. */
  endAllowed: (end: number, now: number) => end <= now + secondsPerDay,
} as const;

export function inRange(value: number, range: ParamRange): boolean {
  return (
    Number.isFinite(value) &&
    value >= range.min &&
    value <= range.max &&
    (!range.integer || Number.isInteger(value))
  );
}

/** A range in words, as a message ends: "a whole number from 1 to 75 km". */
export function rangeText(range: ParamRange): string {
  const kind = range.integer ? 'a whole number' : 'a number';
  return `${kind} from ${range.min} to ${range.max}${range.unit ? ` ${range.unit}` : ''}`;
}
