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

export interface RangePart {
  start_date: string;
  end_date: string;
  days: number;
  units: number;
}

/**
 * A range longer than one request may cover, as consecutive requests within the maximum
 * each (end dates exclusive, so each part starts where the last ended), with their costs. Dates
 * keep the hour when the range was given with one.
 */
export function splitRange(
  endpoint: keyof typeof rangeRules,
  startDate: string,
  endDate: string,
): RangePart[] | undefined {
  const rule = rangeRules[endpoint];
  const start = parseProviderDate(startDate);
  const end = parseProviderDate(endDate);
  if (!start || !end || end.utcSeconds <= start.utcSeconds) return undefined;
  const withHour = start.hasHour || end.hasHour;
  const format = (seconds: number) => {
    const iso = new Date(seconds * 1000).toISOString();
    return withHour ? `${iso.slice(0, 10)}:${iso.slice(11, 13)}` : iso.slice(0, 10);
  };
  // Parts of whole units (30 days, not 31): a part that ends mid-unit pays for days it never uses.
  const partDays = Math.floor(rule.maxDays / rule.daysPerUnit) * rule.daysPerUnit;
  const parts: RangePart[] = [];
  for (let from = start.utcSeconds; from < end.utcSeconds;) {
    const to = Math.min(end.utcSeconds, from + partDays * secondsPerDay);
    const days = rangeDays(from, to);
    parts.push({
      start_date: format(from),
      end_date: format(to),
      days,
      units: Math.ceil(days / rule.daysPerUnit),
    });
    from = to;
  }
  return parts;
}
