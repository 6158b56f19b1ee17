import { useMemo } from 'react';
import { type TextFormat, utcClock } from '../../../../shared/safety/finding-text';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';

/**
 * How the watch's screens word values and times: the units setting, and the watch's clock (UTC,
 * labelled). The one place a screen's reader format is made, so a Times setting lands here.
 */
export function useTextFormat(): TextFormat {
  const units = useUrlValue(unitsKey);
  return useMemo(() => ({ units, time: utcClock }), [units]);
}
