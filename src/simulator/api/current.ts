import { aqiFromConcentrations } from '../../shared/weather/aqi';
import type { CurrentObservation } from '../../shared/weather/current-schema';
import { iconFor } from '../world/condition-codes';
import type { Language, UnitSystem } from '../../shared/weather/units';
import type { Place } from '../geo/place';
import { stations } from '../geo/stations';
import { compassAbbreviation, compassFullName } from '../i18n/compass-text';
import { conditionText } from '../i18n/condition-text';
import {
  formatClock,
  formatDateHour,
  formatObservationTime,
  localDay,
  solarDayStart,
  utc,
} from '../time/zoned-time';
import { sunEvents } from '../world/solar';
import { observedAt, type World } from '../world/world';
import { round } from '../world/round';
import { converter } from './convert';

/**
 * The current observation: the world's state at the start of the minute `now` falls in, the
 * minute the minutely forecast starts from and the lightning endpoints count back from, so the
 * three agree (at the top of an hour it is that hour's record). `datetime` names the hour.
 */
export function currentObservation(
  world: World,
  place: Place,
  now: number,
  units: UnitSystem,
  lang: Language,
): CurrentObservation {
  const observed = observedAt(now);
  const sample = world.sample(place.lat, place.lon, observed);
  const convert = converter(units);
  const sun = sunEvents(
    solarDayStart(localDay(observed, place.timeZone), place.timeZone),
    place.lat,
    place.lon,
  );
  const clock = utc(observed);
  const windDirection = Math.round(sample.windDirection) % 360;
  const [station] = stations().nearest(place.lat, place.lon, 1, 50);
  return {
    app_temp: convert.temperature(sample.apparentTemperature),
    aqi: aqiFromConcentrations(sample.pollutants),
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
    sources: station ? [station.id] : ['skydeck-simulator'],
    state_code: place.city.stateCode,
    station: station?.id ?? 'SIMULATED',
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
      description: conditionText(sample.code, lang),
    },
    wind_cdir: compassAbbreviation(windDirection, lang),
    wind_cdir_full: compassFullName(windDirection, lang),
    wind_dir: windDirection,
    wind_spd: convert.speed(sample.windSpeed),
  };
}
