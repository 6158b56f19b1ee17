import type { CurrentObservation } from '../../shared/weather/current-schema';
import { heatIndexC } from '../../shared/safety/heat-index';
import type { Conditions } from '../../shared/safety/site-status';
import { heatFlag } from './heat-flag';
import { type WbgtInput, wbgtEstimate } from './wbgt';

/**
 * What the watch reads off one current-conditions record: wind, air quality, the heat index and
 * an estimated WBGT with its TB MED 507 flag. Only the monitor reads it; the board and the site
 * page show its result as the watch's API sends it.
 */
export function readConditions(current: CurrentObservation): Conditions {
  const wbgtC = estimateWbgt(current);
  return {
    tempC: current.temp,
    windMs: current.wind_spd,
    gustMs: current.gust,
    aqi: current.aqi,
    heatIndexC: heatIndexC(current.temp, current.rh),
    wbgtC,
    wbgtFlag: wbgtC === undefined ? undefined : heatFlag(wbgtC).flag,
  };
}

/**
 * A record the heat balance cannot be solved for (a sensor's impossible value) leaves the WBGT
 * unknown rather than stopping the watch's round: the WBGT rule then finds nothing, and the heat
 * index, wind and the rest still decide.
 */
function estimateWbgt(current: CurrentObservation): number | undefined {
  try {
    const { wbgtC } = wbgtEstimate(wbgtInputFromCurrent(current));
    return Number.isFinite(wbgtC) ? wbgtC : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Liljegren's WBGT inputs from a metric current-conditions record. The irradiance is
 * `solar_rad`, what reaches the ground through the reported cloud; `ghi`, `dni` and `dhi` are
 * the cloudless sky's (the simulator computes them so, before cloud), so their direct share
 * would describe a sky that is not there: the model estimates the share from `solar_rad`
 * instead. Terrain and night-time stability are not reported, so the estimate keeps the higher
 * of the alternatives.
 */
export function wbgtInputFromCurrent(
  current: Pick<
    CurrentObservation,
    'temp' | 'rh' | 'wind_spd' | 'pres' | 'solar_rad' | 'elev_angle'
  >,
): WbgtInput {
  return {
    temperatureC: current.temp,
    relativeHumidityPercent: current.rh,
    windSpeedMs: current.wind_spd,
    windHeightM: 10,
    pressureHpa: current.pres,
    solarWm2: current.solar_rad,
    solarElevationDeg: current.elev_angle,
  };
}
