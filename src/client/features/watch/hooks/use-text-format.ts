import { useMemo } from 'react';
import type { TextFormat } from '../../../../shared/safety/finding-text';
import { useWatchReading } from './use-watch-reading';

/**
 * How the watch's screens word a site's findings: the Units setting, and clock times under the
 * Times setting in the site's zone (labelled), as the rest of its screens read them.
 */
export function useTextFormat(timeZone: string | null | undefined): TextFormat {
  const reading = useWatchReading();
  return useMemo(
    () => ({
      units: reading.units,
      time: (epochMs, seconds) => reading.clock(new Date(epochMs), timeZone, seconds),
    }),
    [reading, timeZone],
  );
}
