/** Labels for forecast periods, from the provider's zone-less local or UTC stamps. */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export type TimeBasis = 'local' | 'utc';

export function stampOf(
  point: { timestamp_local: string; timestamp_utc: string },
  basis: TimeBasis,
): string {
  return basis === 'utc' ? point.timestamp_utc : point.timestamp_local;
}

/** `2026-07-15T14:32:00` → `14:32`. */
export function clockLabel(stamp: string): string {
  return stamp.slice(11, 16);
}

/** `2026-07-15` → `Wed 15`: the weekday of the calendar date itself, wherever the reader is. */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day}`;
}

/** `2026-07-15T14:00:00` → `Wed 15 14:00`. */
export function dayClockLabel(stamp: string): string {
  return `${dayLabel(stamp.slice(0, 10))} ${clockLabel(stamp)}`;
}

export function basisName(basis: TimeBasis, timeZone: string): string {
  return basis === 'utc' ? 'UTC' : `local time (${timeZone})`;
}
