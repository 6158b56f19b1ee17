import { parseProviderDate, secondsPerDay } from '../time/dates';

/**
 * What a history request costs in provider quota units, by the interface's rules:
 * hourly ceil(days / 10) up to one month, daily ceil(days / 15) up to one year, lightning 10 a
 * request, air quality ceil(days / 5). `end_date` is exclusive (reference.md): 2024-01-01 to
 * 2024-01-31 is 30 days. A range that starts or ends within a day counts that day whole.
 */
export const historyEndpoints = [
  'history/hourly',
  'history/daily',
  'history/airquality',
  'history/lightning',
] as const;
export type HistoryEndpoint = (typeof historyEndpoints)[number];

export interface RangeRule {
  daysPerUnit: number;
  maxDays: number;
  /** How the limit reads in a message. */
  maxLabel: string;
}

/** One month is taken as 31 days and one year as 366, so any calendar month or year fits. */
export const rangeRules: Record<Exclude<HistoryEndpoint, 'history/lightning'>, RangeRule> = {
  'history/hourly': { daysPerUnit: 10, maxDays: 31, maxLabel: 'one month (31 days)' },
  'history/daily': { daysPerUnit: 15, maxDays: 366, maxLabel: 'one year (366 days)' },
  'history/airquality': { daysPerUnit: 5, maxDays: 31, maxLabel: 'one month (31 days)' },
};

export const lightningHistoryUnits = 10;
export const lightningHistoryStart = '2024-08-15';

export interface HistoryCost {
  units: number;
  days: number;
  maxDays: number;
  allowed: boolean;
  reason: string;
}

/** Whole days a range touches, with `end` exclusive. */
export function rangeDays(startSeconds: number, endSeconds: number): number {
  return Math.ceil((endSeconds - startSeconds) / secondsPerDay);
}

export function rangeCost(
  endpoint: keyof typeof rangeRules,
  startDate: string,
  endDate: string,
): HistoryCost {
  const rule = rangeRules[endpoint];
  const start = parseProviderDate(startDate);
  const end = parseProviderDate(endDate);
  const refuse = (reason: string, days = 0): HistoryCost => ({
    units: 0,
    days,
    maxDays: rule.maxDays,
    allowed: false,
    reason,
  });
  if (!start) return refuse('start_date must be YYYY-MM-DD or YYYY-MM-DD:HH');
  if (!end) return refuse('end_date must be YYYY-MM-DD or YYYY-MM-DD:HH');
  if (end.utcSeconds <= start.utcSeconds) return refuse('end_date must be after start_date');
  const days = rangeDays(start.utcSeconds, end.utcSeconds);
  if (days > rule.maxDays) {
    return refuse(`the range is ${days} days; at most ${rule.maxLabel} a request`, days);
  }
  const units = Math.ceil(days / rule.daysPerUnit);
  return {
    units,
    days,
    maxDays: rule.maxDays,
    allowed: true,
    reason: `${plural(days, 'day')} at ${rule.daysPerUnit} days a unit = ${plural(units, 'unit')}`,
  };
}

export function lightningCost(): HistoryCost {
  return {
    units: lightningHistoryUnits,
    days: 1,
    maxDays: 1,
    allowed: true,
    reason: `a day of lightning history costs ${lightningHistoryUnits} units, even a day without lightning`,
  };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
