import { useMemo } from 'react';
import { useViewState } from '../../../app/use-view-state';
import { useNow } from '../../../lib/use-now';
import { useLightningData } from '../hooks/use-lightning-data';
import { countdownText, safetyStatus } from '../lib/safety';
import { sightings } from '../lib/strike-features';

const labels = { stop: 'STOP', caution: 'CAUTION', clear: 'ALL CLEAR' } as const;

/** The site decision, large enough to read across a room, from the strikes on screen. */
export function SafetyStatus({ lat, lon }: { lat: number; lon: number }) {
  const view = useViewState();
  const now = useNow(1000);
  const { query, mode, day } = useLightningData({ lat, lon });
  const strikes = useMemo(() => (query.data ? sightings(query.data) : []), [query.data]);
  if (mode === 'history') {
    return (
      <section
        className="safety safety--unknown"
        aria-label="Lightning safety status"
        role="status"
        data-testid="safety-status"
      >
        <p className="safety__level" data-testid="safety-level">
          HISTORY
        </p>
        <p className="safety__detail">
          Lightning of {day.date} ({day.tz === 'utc' ? 'UTC' : 'local'} day). The safety status is
          for live data only.
        </p>
      </section>
    );
  }
  if (!query.data) {
    return (
      <section
        className="safety safety--unknown"
        aria-label="Lightning safety status"
        role="status"
      >
        <p className="safety__level">
          {query.isError ? 'NO LIGHTNING DATA' : 'CHECKING LIGHTNING…'}
        </p>
      </section>
    );
  }
  const status = safetyStatus(
    strikes,
    { stopKm: view.stopKm, clearMinutes: view.clearMinutes },
    now.getTime(),
  );
  const countdown =
    status.clearsAt === undefined ? undefined : countdownText(status.clearsAt - now.getTime());
  return (
    <section
      className={`safety safety--${status.level}`}
      aria-label="Lightning safety status"
      role="status"
      data-testid="safety-status"
    >
      <p className="safety__level" data-testid="safety-level">
        {labels[status.level]}
      </p>
      <p className="safety__detail">
        {status.level === 'clear'
          ? `No strike within ${2 * view.stopKm} km in the last ${view.clearMinutes} min`
          : `Nearest strike ${status.nearestKm?.toFixed(1)} km · ${status.level === 'stop' ? 'all clear' : 'clear'} in ${countdown}`}
      </p>
      <p className="safety__rule">
        Stop within {view.stopKm} km · caution within {2 * view.stopKm} km · all clear after{' '}
        {view.clearMinutes} min
      </p>
      {query.isError && (
        <p className="safety__stale">Could not refresh; decided on the last good data.</p>
      )}
    </section>
  );
}
