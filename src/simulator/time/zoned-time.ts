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

export function wallClock(unixSeconds: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of dateTimeFormat(timeZone, wallClockOptions).formatToParts(unixSeconds * 1000)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function formatDate(clock: WallClock): string {
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** `YYYY-MM-DDTHH:MM:SS`, the provider's zone-less timestamp format. */
export function formatTimestamp(clock: WallClock): string {
  return `${formatDate(clock)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
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

export const utc = (unixSeconds: number): WallClock => wallClock(unixSeconds, 'UTC');

/** Unix seconds of midnight UTC on the day of the local date of `unixSeconds` in `timeZone`. */
export function localDateAsUtcMidnight(unixSeconds: number, timeZone: string): number {
  const clock = wallClock(unixSeconds, timeZone);
  return Date.UTC(clock.year, clock.month - 1, clock.day) / 1000;
}
