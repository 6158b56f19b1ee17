import type { CurrentObservation } from '../weather/current-schema';
import { heatIndex } from './heat-index';
import type { Conditions } from './site-status';

/**
 * What the watch reads off one current-conditions record: wind, air quality and the heat index.
 * The same function feeds the board and the map's card.
 */
export function readConditions(current: CurrentObservation): Conditions {
  return {
    windMs: current.wind_spd,
    gustMs: current.gust,
    aqi: current.aqi,
    heatIndexC: heatIndex(current.temp, current.rh),
    // Liljegren's WBGT estimate is not in yet: the WBGT flag rule finds nothing until it is.
    wbgtC: undefined,
    wbgtFlag: undefined,
  };
}
