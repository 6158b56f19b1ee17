import { dateTimeFormat } from '../../shared/time/date-time-format';

const wallClockOptions: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Wall-clock parts of an instant in UTC, by arithmetic (no Intl, which is slow per call). */
export function utc(unixSeconds: number): WallClock {
  const date = new Date(unixSeconds * 1000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

export function wallClock(unixSeconds: number, timeZone: string): WallClock {
  return utc(unixSeconds + utcOffset(unixSeconds, timeZone));
}

/** Seconds the zone is ahead of UTC at an instant; UTC's own names without asking Intl. */
export function utcOffset(unixSeconds: number, timeZone: string): number {
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' ? 0 : utcOffsetSeconds(unixSeconds, timeZone);
}

/** The zone's offset as Intl reports it: the ground truth, at a few microseconds a call. */
function intlOffset(unixSeconds: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of dateTimeFormat(timeZone, wallClockOptions).formatToParts(unixSeconds * 1000)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return local / 1000 - Math.floor(unixSeconds);
}

interface DayOffsets {
  start: number;
  end: number;
  /** The first second of the new offset, on a day with a change. */
  change: number;
}

const dayOffsets = new Map<string, Map<number, DayOffsets>>();
const dayOffsetLimit = 50_000;
let dayOffsetCount = 0;

/**
 * Seconds the zone is ahead of UTC at an instant. Offsets change at most once a day, so each
 * UTC day is asked of Intl at its two ends, and a change between them is found by bisection.
 */
export function utcOffsetSeconds(unixSeconds: number, timeZone: string): number {
  const day = Math.floor(unixSeconds / 86_400);
  let zone = dayOffsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    dayOffsets.set(timeZone, zone);
  }
  let offsets = zone.get(day);
  if (!offsets) {
    if (dayOffsetCount++ > dayOffsetLimit) {
      dayOffsets.clear();
      dayOffsetCount = 0;
    }
    offsets = measureDay(day, timeZone);
    zone.set(day, offsets);
  }
  return unixSeconds < offsets.change ? offsets.start : offsets.end;
}

function measureDay(day: number, timeZone: string): DayOffsets {
  let low = day * 86_400;
  let high = low + 86_400;
  const start = intlOffset(low, timeZone);
  const end = intlOffset(high, timeZone);
  if (start === end) return { start, end, change: high };
  // Invariant: the offset at `low` is `start`, at `high` it is `end`.
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (intlOffset(middle, timeZone) === start) low = middle;
    else high = middle;
  }
  return { start, end, change: high };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function formatDate(clock: WallClock): string {
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** `YYYY-MM-DDTHH:MM:SS`, the provider's zone-less timestamp format. */
export function formatTimestamp(clock: WallClock): string {
  return `${formatDate(clock)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
}

const twoDigits = Array.from({ length: 60 }, (_, value) => pad(value));
const millisPerDay = 86_400_000;

/**
 * `formatTimestamp(utc(t))` for many instants, mostly on the same day (a page of lightning):
 * the date part is kept for the last day formatted and the time of day is arithmetic, as Date's
 * own getters define it, rather than a Date and six pads per instant.
 */
export function timestampFormatter(): (unixSeconds: number) => string {
  let day = Number.NaN;
  let date = '';
  return (unixSeconds) => {
    // A Date's time value: the milliseconds truncated toward zero.
    const millis = Math.trunc(unixSeconds * 1000);
    if (!(Math.abs(millis) <= 8.64e15)) return formatTimestamp(utc(unixSeconds));
    const today = Math.floor(millis / millisPerDay);
    if (today !== day) {
      day = today;
      date = formatDate(utc(today * 86_400));
    }
    const second = Math.floor((millis - today * millisPerDay) / 1000);
    const hour = twoDigits[Math.floor(second / 3600)] as string;
    const minute = twoDigits[Math.floor(second / 60) % 60] as string;
    return `${date}T${hour}:${minute}:${twoDigits[second % 60] as string}`;
  };
}

/** `YYYY-MM-DD:HH`, the deprecated `datetime` format. */
export function formatDateHour(clock: WallClock): string {
  return `${formatDate(clock)}:${pad(clock.hour)}`;
}

/** `YYYY-MM-DD HH:MM`, the current observation's `ob_time`. */
export function formatObservationTime(clock: WallClock): string {
  return `${formatDate(clock)} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

export function formatClock(clock: WallClock): string {
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * The instant a wall-clock time occurs in a zone. Two passes settle the offset across a DST
 * change; a wall time skipped by the change resolves to the instant after the gap.
 */
export function zonedTimeToUnix(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
): number {
  const naive = Date.UTC(year, month - 1, day, hour) / 1000;
  const first = naive - utcOffsetSeconds(naive, timeZone);
  return naive - utcOffsetSeconds(first, timeZone);
}

export interface LocalDay {
  date: string;
  year: number;
  month: number;
  day: number;
  /** Unix seconds of local midnight starting the day. */
  start: number;
  /** Unix seconds of the next local midnight. */
  end: number;
}

/** The local calendar day `offsetDays` after the one containing `unixSeconds`. */
export function localDay(unixSeconds: number, timeZone: string, offsetDays = 0): LocalDay {
  const clock = wallClock(unixSeconds, timeZone);
  const noon = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + offsetDays, 12));
  const year = noon.getUTCFullYear();
  const month = noon.getUTCMonth() + 1;
  const day = noon.getUTCDate();
  const next = new Date(Date.UTC(year, month - 1, day + 1, 12));
  return {
    date: noon.toISOString().slice(0, 10),
    year,
    month,
    day,
    start: zonedTimeToUnix(year, month, day, 0, timeZone),
    end: zonedTimeToUnix(
      next.getUTCFullYear(),
      next.getUTCMonth() + 1,
      next.getUTCDate(),
      0,
      timeZone,
    ),
  };
}

/**
 * The UTC day whose solar noon falls nearest the local day's noon, for sunrise and sunset of a
 * local date. (The UTC day of local midnight is wrong near the date line: Apia's 1 July noon is
 * 30 June in UTC.)
 */
export function solarDayStart(day: LocalDay, timeZone: string): number {
  const localNoon = zonedTimeToUnix(day.year, day.month, day.day, 12, timeZone);
  return Math.floor(localNoon / 86_400) * 86_400;
}
