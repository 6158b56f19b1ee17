import { useServerNow } from '../../../lib/server-clock';
import type { TimeBasis } from '../../../lib/period-labels';
import { clockInZone } from '../../../lib/time-format';
import './kiosk-clock.css';

/**
 * The wall's clock, large enough to read across the room: the place's time (or UTC, as the
 * Times setting says), from the server's clock, so a kiosk whose own clock drifted still shows
 * the time the safety status is judged on.
 */
export function KioskClock({
  timeBasis,
  timeZone,
}: {
  timeBasis: TimeBasis;
  /** The place's zone, once known; UTC until then. */
  timeZone: string | undefined;
}) {
  const now = new Date(useServerNow(1000));
  const utc = timeBasis === 'utc' || timeZone === undefined;
  return (
    <p className="kiosk-clock" data-testid="kiosk-clock">
      <time dateTime={now.toISOString()} className="kiosk-clock__time">
        {clockInZone(now, utc ? 'UTC' : timeZone)}
      </time>
      <span className="kiosk-clock__basis">{utc ? 'UTC' : 'local'}</span>
    </p>
  );
}
