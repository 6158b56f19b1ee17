import { dateTimeFormat } from '../../../../shared/time/date-time-format';
import type { TimeBasis } from '../../../lib/period-labels';

/**
 * Times on the watch's screens under the Times setting, each labelled with its zone: in the
 * site's own zone ("13:20 CDT") for "Local to the place", otherwise UTC ("18:20 UTC"). A site
 * whose zone is not known yet reads in UTC, labelled so. The watch's records keep UTC; only
 * their reading changes.
 */

/** The zone a site's times read in under the Times setting. */
export function readingZone(basis: TimeBasis, siteZone: string | null | undefined): string {
  return basis === 'utc' || !siteZone ? 'UTC' : siteZone;
}

/** The zone's short name at an instant, as en-US writes it: "CDT", "GMT-3", "UTC". */
export function zoneName(date: Date, timeZone: string): string {
  if (timeZone === 'UTC') return 'UTC';
  const parts = dateTimeFormat(timeZone, { timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

const clockOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** "13:20 CDT" (or "13:20:05 CDT" with seconds). */
export function watchClock(
  date: Date,
  basis: TimeBasis,
  siteZone: string | null | undefined,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const zone = readingZone(basis, siteZone);
  const options = seconds ? { ...clockOptions, second: '2-digit' as const } : clockOptions;
  return `${dateTimeFormat(zone, options).format(date)} ${zoneName(date, zone)}`;
}

/** "2026-07-15 13:20 CDT": a date and time as the event log and the site's changes list them. */
export function watchDateTime(
  date: Date,
  basis: TimeBasis,
  siteZone: string | null | undefined,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const zone = readingZone(basis, siteZone);
  const parts = dateTimeFormat(zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...clockOptions,
    ...(seconds ? { second: '2-digit' as const } : {}),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  const clock = `${part('hour')}:${part('minute')}${seconds ? `:${part('second')}` : ''}`;
  return `${part('year')}-${part('month')}-${part('day')} ${clock} ${zoneName(date, zone)}`;
}

/**
 * A text the watch wrote with UTC clock times ("strike 6.9 km SW at 18:10:51Z", "until
 * 04:00 UTC") with each read in the setting's zone: "at 13:10:51 CDT". A bare clock time has no
 * date; it is taken as the instant with that UTC time nearest to `reference` (when the text was
 * written), which gives the right local time except across a change of the zone's offset.
 */
export function clockTimesIn(
  text: string,
  basis: TimeBasis,
  siteZone: string | null | undefined,
  reference: Date,
): string {
  return text.replace(
    // Records written before findings were worded say "18:10:51Z", later ones "18:10:51 UTC".
    /\b(\d{2}):(\d{2})(?::(\d{2}))?(?:Z\b| UTC\b)/g,
    (_whole, hours: string, minutes: string, secs: string | undefined) => {
      const day = reference.toISOString().slice(0, 10);
      const base = Date.parse(`${day}T${hours}:${minutes}:${secs ?? '00'}Z`);
      const nearest = [base - 86_400_000, base, base + 86_400_000].reduce((best, candidate) =>
        Math.abs(candidate - reference.getTime()) < Math.abs(best - reference.getTime())
          ? candidate
          : best,
      );
      return watchClock(new Date(nearest), basis, siteZone, { seconds: secs !== undefined });
    },
  );
}
