import { metricTextIn } from '../../../lib/metric-units';
import type { UnitSystem } from '../../../../shared/weather/units';
import type { TimeBasis } from '../../../lib/period-labels';
import { timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import type { Read } from '../../../lib/url-state/url-key';
import { clockTimesIn, watchClock, watchDateTime } from './watch-time';

/**
 * How the watch's screens read what the server wrote, under the Units and Times settings: its
 * records (reasons, alarm texts) stay metric and UTC, and are shown in the chosen units with
 * their times in the chosen zone, labelled.
 */
export interface WatchReading {
  units: UnitSystem;
  basis: TimeBasis;
  /** A server-written text: its metric quantities and UTC clock times, as the settings read. */
  text: (text: string, siteZone: string | null | undefined, written: Date) => string;
  clock: (at: Date, siteZone: string | null | undefined, seconds?: boolean) => string;
  dateTime: (at: Date, siteZone: string | null | undefined, seconds?: boolean) => string;
}

export function watchReading(units: UnitSystem, basis: TimeBasis): WatchReading {
  return {
    units,
    basis,
    text: (text, siteZone, written) =>
      clockTimesIn(metricTextIn(units, text), basis, siteZone, written),
    clock: (at, siteZone, seconds = false) => watchClock(at, basis, siteZone, { seconds }),
    dateTime: (at, siteZone, seconds = false) => watchDateTime(at, basis, siteZone, { seconds }),
  };
}

/** The reading the link's settings ask for, outside React (a desktop notification). */
export function linkReading(read: Read): WatchReading {
  return watchReading(read(unitsKey), read(timeBasisKey));
}
