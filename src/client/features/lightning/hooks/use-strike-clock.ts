import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { onServerClock, serverNow } from '../../../lib/server-clock';
import { pushMapState } from '../lib/map-state';

/** How often the shared clock advances, re-colouring every strike at once. */
const clockTickMs = 10_000;

/**
 * Live strikes age on one map-wide clock (the `now` the strike style reads), advanced every few
 * seconds on the server's time, while `on`.
 */
export function useStrikeClock(map: MapLibreMap | undefined, on: boolean): void {
  useEffect(() => {
    if (!map || !on) return undefined;
    let cancel = pushMapState(map, 'now', serverNow());
    const stop = onServerClock(clockTickMs, (now) => {
      cancel();
      cancel = pushMapState(map, 'now', now);
    });
    return () => {
      cancel();
      stop();
    };
  }, [map, on]);
}
