import { dateTimeFormat } from '../../shared/time/date-time-format';
import type { TimeBasis } from './period-labels';

/** Times shown in the place's own zone, as operations staff at that place read them. */

export function clockInZone(date: Date, timeZone: string): string {
  return dateTimeFormat(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    date,
  );
}

export function localDate(date: Date, timeZone: string): string {
  return dateTimeFormat(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );
}

/** The provider's zone-less UTC stamps (`YYYY-MM-DDTHH:MM:SS` or `YYYY-MM-DD HH:MM`) as instants. */
export function parseUtcStamp(stamp: string): Date {
  return new Date(`${stamp.replace(' ', 'T')}${stamp.length === 16 ? ':00' : ''}Z`);
}

/**
 * A UTC `HH:MM` (sunrise, sunset) as the instant on the place's local day of `reference`: the
 * UTC date it belongs to may be the day before or after the reference's.
 */
export function utcClockOnLocalDay(clock: string, reference: Date, timeZone: string): Date {
  const wanted = localDate(reference, timeZone);
  const day = reference.toISOString().slice(0, 10);
  const base = new Date(`${day}T${clock}:00Z`).getTime();
  const candidates = [0, -1, 1].map((offset) => new Date(base + offset * 86_400_000));
  return (
    candidates.find((candidate) => localDate(candidate, timeZone) === wanted) ??
    (candidates[0] as Date)
  );
}

export function relativeAge(from: Date, now: Date): string {
  const minutes = Math.round((now.getTime() - from.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/**
 * A clock time under the Times setting, labelled with its basis: "14:32 local" in the place's
 * own zone, "18:32 UTC" otherwise. Never the viewer's zone: a link opened in another country
 * must read the same.
 */
export function clockIn(date: Date, basis: TimeBasis, placeZone: string | undefined): string {
  return basis === 'utc' || placeZone === undefined
    ? `${clockInZone(date, 'UTC')} UTC`
    : `${clockInZone(date, placeZone)} local`;
}

/** A date and time under the Times setting, labelled: "Jul 15, 14:32 local", "Jul 15, 18:32 UTC". */
export function dateTimeIn(date: Date, basis: TimeBasis, placeZone: string | undefined): string {
  const utc = basis === 'utc' || placeZone === undefined;
  const text = dateTimeFormat(utc ? 'UTC' : placeZone, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${text} ${utc ? 'UTC' : 'local'}`;
}
