import type { CurrentObservation } from '../../shared/weather/current-schema';
import { compassPoint } from '../../shared/geo/compass';
import { conditionCodes, iconFor } from '../../shared/weather/condition-codes';
import type { UnitSystem } from '../../shared/weather/units';
import type { Place } from '../geo/place';
import {
  formatClock,
  formatDateHour,
  formatObservationTime,
  localDateAsUtcMidnight,
  utc,
} from '../time/zoned-time';
import { sunEvents } from '../world/solar';
import type { World } from '../world/world';
import { converter, round } from './convert';
import { fullCompassName } from './compass-names';

const hour = 3600;

/**
 * The current observation: the world's state for the hour `now` falls in, so that it matches
 * the hourly record of the same hour.
 */
export function currentObservation(
  world: World,
  place: Place,
  now: number,
  units: UnitSystem,
): CurrentObservation {
  const observed = Math.floor(now / hour) * hour;
  const sample = world.sample(place.lat, place.lon, observed);
  const convert = converter(units);
  const sun = sunEvents(localDateAsUtcMidnight(observed, place.timeZone), place.lat, place.lon);
  const clock = utc(observed);
  const windDirection = Math.round(sample.windDirection) % 360;
  return {
    app_temp: convert.temperature(sample.apparentTemperature),
    aqi: sample.aqi,
    city_name: place.city.name,
    clouds: sample.clouds,
    country_code: place.city.countryCode,
    datetime: formatDateHour(clock),
    dewpt: convert.temperature(sample.dewPoint),
    dhi: round(sample.dhi, 2),
    dni: round(sample.dni, 2),
    elev_angle: round(sample.sun.elevation, 2),
    ghi: round(sample.ghi, 2),
    gust: convert.speed(sample.gust),
    h_angle: round(sample.sun.hourAngle, 1),
    lat: place.lat,
    lon: place.lon,
    ob_time: formatObservationTime(clock),
    pod: sample.partOfDay,
    precip: convert.depth(sample.precipRate),
    pres: round(sample.pressure, 1),
    rh: sample.relativeHumidity,
    slp: round(sample.seaLevelPressure, 1),
    snow: convert.depth(sample.snowRate),
    solar_rad: round(sample.solarRad, 2),
    sources: ['skydeck-simulator'],
    state_code: place.city.stateCode,
    station: 'SIMULATED',
    sunrise: sun.kind === 'normal' ? formatClock(utc(sun.sunrise)) : null,
    sunset: sun.kind === 'normal' ? formatClock(utc(sun.sunset)) : null,
    temp: convert.temperature(sample.temperature),
    timezone: place.timeZone,
    ts: observed,
    uv: round(sample.uv, 1),
    vis: convert.distance(sample.visibility),
    weather: {
      icon: iconFor(sample.code, sample.partOfDay),
      code: sample.code,
      description: conditionCodes[sample.code].description,
    },
    wind_cdir: compassPoint(windDirection),
    wind_cdir_full: fullCompassName(windDirection),
    wind_dir: windDirection,
    wind_spd: convert.speed(sample.windSpeed),
  };
}
