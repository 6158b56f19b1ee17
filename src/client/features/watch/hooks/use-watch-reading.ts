import { useMemo } from 'react';
import { timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { type WatchReading, watchReading } from '../lib/watch-reading';

/** The Units and Times settings as the watch's screens read its records with them. */
export function useWatchReading(): WatchReading {
  const units = useUrlValue(unitsKey);
  const basis = useUrlValue(timeBasisKey);
  return useMemo(() => watchReading(units, basis), [units, basis]);
}
