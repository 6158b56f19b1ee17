import {
  type HistoryEndpoint,
  lightningHistoryUnits,
  rangeCost,
  rangeRules,
  splitRange,
} from '../../../../shared/quota/history-cost';
import { lightningHistoryStart } from '../../../../shared/api/provider-params';
import { parseProviderDate, secondsPerDay, utcDateString } from '../../../../shared/time/dates';
import type { Language, UnitSystem } from '../../../../shared/weather/units';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import type { ApiParams } from '../../../lib/api-client';
import type { LightningSearch } from '../../lightning/public';
import type { HistoryDataset, HistoryLocation, HistoryQuery } from '../url-state';

export const historyEndpoint: Record<HistoryDataset, HistoryEndpoint> = {
  hourly: 'history/hourly',
  daily: 'history/daily',
  airquality: 'history/airquality',
  lightning: 'history/lightning',
};

export interface HistoryProblem {
  field: 'location' | 'start_date' | 'end_date' | 'date';
  message: string;
}

type RangeEndpoint = keyof typeof rangeRules;

export interface PlannedRequest {
  endpoint: HistoryEndpoint;
  /** One request, or the parts of a range split at the endpoint's maximum. */
  parts: { params: ApiParams<HistoryEndpoint>; units: number; days: number }[];
  units: number;
  /** How the cost is worked out, in words. */
  reason: string;
}

export interface HistoryPlan {
  problems: HistoryProblem[];
  /** Set when the range is over the maximum: what one request may cover. */
  overMaximum: { days: number; maxLabel: string } | undefined;
  request: PlannedRequest | undefined;
}

export interface PlanContext {
  point: { lat: number; lon: number };
  units: UnitSystem;
  lang: Language;
  /** Lightning history uses the map's lightning search, so the map can show the same day free. */
  lightning: LightningSearch;
  /** Today's UTC date, YYYY-MM-DD. */
  today: string;
  /** Local time or UTC: how the explorer shows times, and so how it asks for them (tz). */
  tz: 'local' | 'utc';
}

/** A sensible range to start from: the last week of hours, month of days, three days of air. */
export function defaultRange(
  dataset: HistoryDataset,
  today: string,
): { startDate?: string; endDate?: string; date?: string } {
  const todaySeconds = parseProviderDate(today)?.utcSeconds ?? 0;
  const daysBack = (days: number) => utcDateString(todaySeconds - days * secondsPerDay);
  if (dataset === 'lightning') return { date: daysBack(1) };
  const span = dataset === 'hourly' ? 7 : dataset === 'daily' ? 30 : 3;
  return { startDate: daysBack(span), endDate: today };
}

/**
 * Checks a history query before anything is asked of the server, in the interface's terms, and
 * plans the request (or requests, when a range must be split) with its cost.
 */
export function planHistory(query: HistoryQuery, context: PlanContext): HistoryPlan {
  const problems: HistoryProblem[] = [];
  const location = locationParams(query.location, context.point, problems);
  const endpoint = historyEndpoint[query.dataset];
  const tomorrow = utcDateString(
    (parseProviderDate(context.today)?.utcSeconds ?? 0) + secondsPerDay,
  );

  if (query.dataset === 'lightning') {
    if (query.location.method !== 'point')
      problems.push({ field: 'location', message: 'Lightning history is by map point only' });
    const date = query.date;
    if (!date || !parseProviderDate(date))
      problems.push({ field: 'date', message: 'Choose a day' });
    else if (date < lightningHistoryStart)
      problems.push({
        field: 'date',
        message: `Lightning history starts on ${lightningHistoryStart}`,
      });
    else if (date > context.today)
      problems.push({ field: 'date', message: 'That day is in the future' });
    if (problems.length > 0) return { problems, overMaximum: undefined, request: undefined };
    const params = {
      lat: roundCoordinate(context.point.lat),
      lon: roundCoordinate(context.point.lon),
      date: date as string,
      tz: context.tz,
      search_distance_km: String(context.lightning.searchKm),
      sort: context.lightning.sort,
      limit: String(context.lightning.limit),
      output_type: 'geojson',
    } satisfies ApiParams<'history/lightning'>;
    return {
      problems,
      overMaximum: undefined,
      request: {
        endpoint,
        parts: [{ params, units: lightningHistoryUnits, days: 1 }],
        units: lightningHistoryUnits,
        reason: `a day of lightning costs ${lightningHistoryUnits} units`,
      },
    };
  }

  const rule = rangeRules[endpoint as RangeEndpoint];
  const start = query.startDate;
  const end = query.endDate;
  if (!start || !parseProviderDate(start))
    problems.push({ field: 'start_date', message: 'Choose a start date' });
  if (!end || !parseProviderDate(end))
    problems.push({ field: 'end_date', message: 'Choose an end date' });
  if (start && end && parseProviderDate(start) && parseProviderDate(end)) {
    if (end <= start)
      problems.push({ field: 'end_date', message: 'The end date must be after the start date' });
    if (start.slice(0, 10) > context.today)
      problems.push({ field: 'start_date', message: 'The start date is in the future' });
    else if (end.slice(0, 10) > tomorrow)
      problems.push({ field: 'end_date', message: 'The end date is in the future' });
  }
  if (problems.length > 0) return { problems, overMaximum: undefined, request: undefined };

  const cost = rangeCost(endpoint as RangeEndpoint, start as string, end as string);
  const parts = splitRange(endpoint as RangeEndpoint, start as string, end as string);
  if (!parts) return { problems, overMaximum: undefined, request: undefined };
  const extra: ApiParams<RangeEndpoint> = { ...location };
  if (query.dataset !== 'airquality') extra.units = context.units;
  if (query.dataset !== 'airquality' && context.lang !== 'en') extra.lang = context.lang;
  if (query.dataset !== 'daily') extra.tz = context.tz;
  const units = parts.reduce((sum, part) => sum + part.units, 0);
  return {
    problems,
    overMaximum: cost.allowed ? undefined : { days: cost.days, maxLabel: rule.maxLabel },
    request: {
      endpoint,
      parts: parts.map((part) => ({
        params: { ...extra, start_date: part.start_date, end_date: part.end_date },
        units: part.units,
        days: part.days,
      })),
      units,
      reason: cost.allowed
        ? cost.reason
        : `${parts.length} requests: ${parts.map((part) => `${plural(part.days, 'day')} (${plural(part.units, 'unit')})`).join(' + ')} = ${plural(units, 'unit')}`,
    },
  };
}

function locationParams(
  location: HistoryLocation,
  point: { lat: number; lon: number },
  problems: HistoryProblem[],
): ApiParams<RangeEndpoint> {
  const country = (code: string) => {
    if (!/^[A-Za-z]{2}$/.test(code.trim()))
      problems.push({ field: 'location', message: 'Enter the 2-letter country code (e.g. US)' });
    return code.trim().toUpperCase();
  };
  switch (location.method) {
    case 'point':
      return { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon) };
    case 'city':
      if (!location.city.trim()) problems.push({ field: 'location', message: 'Enter a city' });
      return { city: location.city.trim(), country: country(location.country) };
    case 'postal':
      if (!location.postalCode.trim())
        problems.push({ field: 'location', message: 'Enter a postal code' });
      return { postal_code: location.postalCode.trim(), country: country(location.country) };
    case 'station':
      if (!location.station.trim())
        problems.push({ field: 'location', message: 'Enter a station id (e.g. KRDU)' });
      return { station: location.station.trim().toUpperCase() };
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
