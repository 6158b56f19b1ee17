import { useMemo } from 'react';
import { useViewState } from '../../../app/use-view-state';
import { Freshness } from '../../../components/freshness';
import { staleAfter } from '../../../lib/stale-times';
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
      <SafetyFrame tone="unknown">
        <p className="safety__level" data-testid="safety-level">
          HISTORY
        </p>
        <p className="safety__detail">
          Lightning of {day.date} ({day.tz === 'utc' ? 'UTC' : 'local'} day). The safety status is
          for live data only.
        </p>
      </SafetyFrame>
    );
  }
  if (!query.data) {
    return (
      <SafetyFrame tone="unknown">
        <p className="safety__level">
          {query.isError ? 'NO LIGHTNING DATA' : 'CHECKING LIGHTNING…'}
        </p>
      </SafetyFrame>
    );
  }
  const status = safetyStatus(
    strikes,
    { stopKm: view.stopKm, clearMinutes: view.clearMinutes },
    now.getTime(),
  );
  const countdown =
    status.clearsAt === undefined ? undefined : countdownText(status.clearsAt - now.getTime());
  const freshness = (
    <Freshness
      updatedAt={query.dataUpdatedAt}
      family="lightning"
      failing={query.isError}
      testId="lightning-freshness-safety"
    />
  );
  // Old data must never say ALL CLEAR: silence from a server that is down is not safety.
  const stale = now.getTime() - query.dataUpdatedAt > staleAfter('lightning');
  if (stale && status.level === 'clear') {
    return (
      <SafetyFrame tone="unknown">
        <p className="safety__level" data-testid="safety-level">
          NO CURRENT DATA
        </p>
        <p className="safety__detail">
          The last lightning data showed no strike within {2 * view.stopKm} km, but nothing newer
          has arrived: do not treat the site as clear.
        </p>
        {freshness}
      </SafetyFrame>
    );
  }
  return (
    <SafetyFrame tone={status.level}>
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
      {freshness}
    </SafetyFrame>
  );
}

/** The status box: one look and one name for screen readers, whatever it says. */
function SafetyFrame({ tone, children }: { tone: string; children: React.ReactNode }) {
  return (
    <section
      className={`safety safety--${tone}`}
      aria-label="Lightning safety status"
      role="status"
      data-testid="safety-status"
    >
      {children}
    </section>
  );
}
