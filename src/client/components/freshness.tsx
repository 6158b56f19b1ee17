import { timeBasisKey } from '../lib/url-state/display-keys';
import { useUrlValue } from '../lib/url-state/link';
import { toServerTime } from '../lib/server-clock';
import { clockIn, relativeAge } from '../lib/time-format';
import { type RefreshingFamily, staleAfter } from '../lib/stale-times';
import { useNow } from '../lib/server-clock';
import './freshness.css';

/**
 * "Updated 14:32 (3 min ago)" under data that refreshes by itself, with a clear stale marker
 * once it has missed its refresh: a wall screen must never pass old weather off as current.
 * The time is when this screen last heard from the server, on the server's clock, in the
 * place's time or UTC as the Times setting says.
 */
export function Freshness({
  updatedAt,
  timeZone,
  family,
  failing,
  testId,
}: {
  updatedAt: number;
  timeZone: string | undefined;
  family: RefreshingFamily;
  /** The latest refresh failed (the data shown is the last good one). */
  failing: boolean;
  testId: string;
}) {
  const now = useNow(15_000);
  const timeBasis = useUrlValue(timeBasisKey);
  if (!updatedAt) return null;
  const updated = new Date(updatedAt);
  const stale = now.getTime() - updatedAt > staleAfter(family);
  const clock = clockIn(new Date(toServerTime(updatedAt)), timeBasis, timeZone);
  return (
    <p
      className={`freshness${stale ? ' freshness--stale' : ''}`}
      data-testid={testId}
      data-stale={stale}
    >
      {/* Announced when it turns stale, not every minute the age changes. */}
      <span role="status" className={stale ? 'freshness__marker' : 'visually-hidden'}>
        {stale ? 'Stale' : ''}
      </span>
      Updated {clock} ({relativeAge(updated, now)})
      {failing && <span className="freshness__failing"> · cannot refresh, retrying</span>}
    </p>
  );
}
