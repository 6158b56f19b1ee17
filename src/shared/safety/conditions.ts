import type { CurrentObservation } from '../weather/current-schema';
import { heatFlag, heatIndexC, wbgtEstimate } from './heat';
import type { Conditions } from './site-status';

/**
 * What the watch reads off one current-conditions record: wind, air quality, the heat index and
 * an estimated WBGT with its flag. The same function feeds the board and the map's card.
 */
export function readConditions(current: CurrentObservation): Conditions {
  const wbgt = wbgtEstimate({
    tempC: current.temp,
    rhPercent: current.rh,
    windMs: current.wind_spd,
    pressureHpa: current.pres,
    solarWm2: current.solar_rad,
    elevationDeg: current.elev_angle,
    dniWm2: current.dni,
    ghiWm2: current.ghi,
  });
  return {
    windMs: current.wind_spd,
    gustMs: current.gust,
    aqi: current.aqi,
    heatIndexC: heatIndexC(current.temp, current.rh),
    wbgtC: wbgt.wbgtC,
    wbgtFlag: heatFlag(wbgt.wbgtC).flag,
  };
}
