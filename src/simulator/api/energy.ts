import type { z } from 'zod';
import type { EnergyPeriod, energyForecastSchema } from '../../shared/weather/energy-schema';
import type { UnitSystem } from '../../shared/weather/units';
import type { Place } from '../geo/place';
import { formatTimestamp, localDay, utc, wallClock } from '../time/zoned-time';
import { sunshineHours } from '../world/radiation';
import { sunTracker } from '../world/solar';
import { wetBulb } from '../world/thermo';
import type { AtmosphereSample, World } from '../world/world';
import { round } from '../world/round';
import { converter } from './convert';
import { placeFields } from './place-fields';
import { hour, hoursAt, maxBy, mean, meanDirection, samplesBetween, sum, windOf } from './series';

/** The energy forecast covers eight local days, as the service's samples do. */
export const energyDays = 8;

export interface EnergyRequest {
  period: 'daily' | 'hourly';
  /** Degree-day base temperature in °C. */
  thresholdCelsius: number;
  /** The threshold as the caller gave it, echoed back. */
  thresholdValue: number;
  units: UnitSystem;
}

/**
 * Degree days and irradiance for energy planning, from the same hourly world as every other
 * view: HDD and CDD integrate each hour's departure from the threshold (an hour 6 K below the
 * base adds 0.25 heating degree days).
 */
export function energyForecast(
  world: World,
  place: Place,
  now: number,
  request: EnergyRequest,
): z.input<typeof energyForecastSchema> {
  const first = localDay(now, place.timeZone);
  const last = localDay(now, place.timeZone, energyDays - 1);
  const samples = samplesBetween(
    hoursAt(world, place, first.start, last.end),
    first.start,
    last.end,
  );
  const convert = converter(request.units);
  // Degree days count in the threshold's degrees: Fahrenheit ones are 1.8 to the Celsius one.
  const degree = request.units === 'I' ? 1.8 : 1;
  const sunAt = sunTracker(place.lat, place.lon);
  const elevationAt = (t: number) => sunAt(t).elevation;
  const summarise = (
    hours: AtmosphereSample[],
    date: string,
    stamp: number | null,
  ): EnergyPeriod => {
    const windiest = maxBy(hours, (s) => s.windSpeed) as AtmosphereSample;
    const aloft = hours.map((s) => windAloft(s, place));
    const windiestAloft = maxBy(aloft, (w) => w.speed) as { speed: number; direction: number };
    const values = (pick: (s: AtmosphereSample) => number) => hours.map(pick);
    const threshold = request.thresholdCelsius;
    return {
      date,
      timestamp_local: stamp === null ? null : formatTimestamp(wallClock(stamp, place.timeZone)),
      timestamp_utc: stamp === null ? null : formatTimestamp(utc(stamp)),
      cdd: round((sum(values((s) => Math.max(0, s.temperature - threshold))) / 24) * degree, 2),
      hdd: round((sum(values((s) => Math.max(0, threshold - s.temperature))) / 24) * degree, 2),
      rh: Math.round(mean(values((s) => s.relativeHumidity))),
      dewpt: convert.temperature(mean(values((s) => s.dewPoint))),
      max_wind_dir: Math.round(windiest.windDirection) % 360,
      max_wind_dir_100m: windiestAloft.direction,
      max_wind_spd: convert.speed(windiest.windSpeed),
      max_wind_spd_100m: convert.speed(windiestAloft.speed),
      wind_dir: meanDirection(hours.map(windOf)),
      wind_dir_100m: meanDirection(aloft),
      wind_spd: convert.speed(mean(values((s) => s.windSpeed))),
      wind_spd_100m: convert.speed(mean(aloft.map((w) => w.speed))),
      temp: convert.temperature(mean(values((s) => s.temperature))),
      // Each hour's wet bulb lies between its dew point and temperature, so the means do too.
      temp_wetbulb: convert.temperature(
        mean(values((s) => wetBulb(s.temperature, s.dewPoint, s.pressure))),
      ),
      clouds: Math.round(mean(values((s) => s.clouds))),
      t_ghi: Math.round(sum(values((s) => s.ghi))),
      t_dhi: Math.round(sum(values((s) => s.dhi))),
      t_dni: Math.round(sum(values((s) => s.dni))),
      t_solar_rad: Math.round(sum(values((s) => s.solarRad))),
      // WMO sunshine duration, not the interface's literal "hours with GHI above 1000 W/m²"
      // (README, "Decisions"): hourly periods give the sunny share of their hour.
      sun_hours: round(
        sum(values((s) => sunshineHours(elevationAt, s.unixSeconds, s.clouds / 100))),
        2,
      ),
      precip: convert.depth(sum(values((s) => s.precipRate))),
      snow: convert.depth(sum(values((s) => s.snowRate))),
    };
  };

  const data =
    request.period === 'hourly'
      ? samples.map((s) =>
          summarise(
            [s],
            formatTimestamp(wallClock(s.unixSeconds, place.timeZone)).slice(0, 10),
            s.unixSeconds,
          ),
        )
      : Array.from({ length: energyDays }, (_, index) => {
          const day = localDay(now, place.timeZone, index);
          const firstHour = Math.round((day.start - first.start) / hour);
          const hours = samples.slice(
            firstHour,
            firstHour + Math.round((day.end - day.start) / hour),
          );
          return summarise(hours, day.date, null);
        });

  return {
    ...placeFields(place, { stringCoordinates: true }),
    threshold_units: request.units === 'I' ? 'F' : 'C',
    threshold_value: String(request.thresholdValue),
    data,
  };
}

/**
 * Wind at 100 m from the 10 m wind by the power law, with the shear exponent of a stable night
 * (0.25) or a mixed day (0.14) over land and 0.1 over sea, veering 10° with height (backing
 * south of the equator).
 */
function windAloft(sample: AtmosphereSample, place: Place): { speed: number; direction: number } {
  const exponent = sample.partOfDay === 'n' ? 0.25 : 0.14;
  const speed = sample.windSpeed * 10 ** exponent;
  const veer = place.lat >= 0 ? 10 : -10;
  return { speed, direction: Math.round((sample.windDirection + veer + 360) % 360) % 360 };
}
