import type { CurrentObservation } from '../../shared/weather/current-schema';
import { heatIndexC } from '../../shared/safety/heat-index';
import type { Conditions } from '../../shared/safety/site-status';
import type { MinuteReading } from '../stations/station-store';
import { heatFlag } from './heat-flag';
import { type WbgtInput, wbgtEstimate } from './wbgt';

/** What of a current-conditions record the heat rules need again when a station reports. */
export type GriddedInputs = Pick<
  CurrentObservation,
  'temp' | 'rh' | 'wind_spd' | 'pres' | 'solar_rad' | 'elev_angle'
>;

export function griddedInputs(current: CurrentObservation): GriddedInputs {
  const { temp, rh, wind_spd, pres, solar_rad, elev_angle } = current;
  return { temp, rh, wind_spd, pres, solar_rad, elev_angle };
}

/**
 * What the watch reads off one current-conditions record: wind, air quality, the heat index and
 * an estimated WBGT with its TB MED 507 flag. Only the monitor reads it; the board and the site
 * page show its result as the watch's API sends it.
 */
export function readConditions(current: CurrentObservation): Conditions {
  const wbgtC = estimateWbgt(wbgtInputFromCurrent(current));
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
function estimateWbgt(input: WbgtInput): number | undefined {
  try {
    const { wbgtC } = wbgtEstimate(input);
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
export function wbgtInputFromCurrent(current: GriddedInputs): WbgtInput {
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

/**
 * The gridded conditions with a site's own station's reading in their place: wind and gust,
 * temperature, humidity, and the heat index and WBGT from them, each where the station reports
 * it (an anemometer alone replaces the wind only). The WBGT takes the station's sunlight and
 * pressure when it reports them, and the sun's height from the gridded record. The AQI stays
 * gridded.
 */
export function withStation(
  gridded: Conditions,
  inputs: GriddedInputs | undefined,
  station: { id: string; name: string; reading: MinuteReading },
): Conditions {
  const { reading } = station;
  const wind = reading.windMs !== null || reading.gustMs !== null;
  const heat = reading.tempC !== null || reading.humidity !== null;
  const windMs = reading.windMs ?? gridded.windMs;
  const conditions: Conditions = {
    ...gridded,
    windMs,
    gustMs: reading.gustMs ?? gridded.gustMs,
    station: { id: station.id, name: station.name, at: reading.at, wind, heat },
  };
  // Without the gridded record's humidity and sun (a state stored before they were kept), the
  // heat stays as the grid had it.
  if (!heat || !inputs) return conditions;
  const tempC = reading.tempC ?? inputs.temp;
  const humidity = reading.humidity ?? inputs.rh;
  const wbgtC = estimateWbgt({
    ...wbgtInputFromCurrent(inputs),
    temperatureC: tempC,
    relativeHumidityPercent: humidity,
    windSpeedMs: windMs,
    pressureHpa: reading.pressureHpa ?? inputs.pres,
    solarWm2: reading.solarWm2 ?? inputs.solar_rad,
  });
  return {
    ...conditions,
    tempC,
    heatIndexC: heatIndexC(tempC, humidity),
    wbgtC,
    wbgtFlag: wbgtC === undefined ? undefined : heatFlag(wbgtC).flag,
  };
}
