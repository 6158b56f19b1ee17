import { historyTimeRule } from '../../shared/api/provider-params';
import { rangeCost, type rangeRules } from '../../shared/quota/history-cost';
import type { ParsedDate } from '../../shared/time/dates';
import { requiredDateParam } from '../api/params';
import { badRequest } from '../api/provider-error';
import type { Place } from '../geo/place';
import { zonedTimeToUnix } from '../time/zoned-time';

/** Earliest data each history product has: air quality from 2022-01-13 (reference.md). */
const earliest: Record<keyof typeof rangeRules, string> = {
  'history/hourly': '1970-01-01',
  'history/daily': '1970-01-01',
  'history/airquality': '2022-01-13',
};

export interface ResolvedRange {
  from: number;
  to: number;
  units: number;
}

/**
 * Reads start_date and end_date (end exclusive) as UTC or as the place's local time, and checks
 * them against the interface's rules: order, maximum span, not in the future.
 */
export function historyRange(
  params: URLSearchParams,
  endpoint: keyof typeof rangeRules,
  place: Place,
  now: number,
  tz: 'utc' | 'local',
): ResolvedRange {
  const start = requiredDateParam(params, 'start_date');
  const end = requiredDateParam(params, 'end_date');
  const instant = (date: ParsedDate) =>
    tz === 'local'
      ? zonedTimeToUnix(date.year, date.month, date.day, date.hour, place.timeZone)
      : date.utcSeconds;
  const from = instant(start);
  const to = instant(end);
  if (to <= from) throw badRequest('Invalid end_date supplied. Must be after start_date');
  const cost = rangeCost(endpoint, params.get('start_date') ?? '', params.get('end_date') ?? '');
  if (!cost.allowed) throw badRequest(`Invalid end_date supplied. ${capitalise(cost.reason)}`);
  if (start.utcSeconds < Date.parse(`${earliest[endpoint]}T00:00:00Z`) / 1000) {
    throw badRequest(`Invalid start_date supplied. Data starts on ${earliest[endpoint]}`);
  }
  if (!historyTimeRule.hasBegun(from, now))
    throw badRequest('Invalid start_date supplied. Must not be in the future');
  if (!historyTimeRule.endAllowed(to, now))
    throw badRequest('Invalid end_date supplied. Must be no later than tomorrow');
  return { from, to, units: cost.units };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
