import type { z } from 'zod';
import { iconFor } from '../world/condition-codes';
import type { HistoryHour, historyHourlySchema } from '../../shared/weather/history-schema';
import type { Language, UnitSystem } from '../../shared/weather/units';
import type { Place } from '../geo/place';
import { conditionText } from '../i18n/condition-text';
import { formatDateHour, formatTimestamp, utc, wallClock } from '../time/zoned-time';
import type { AtmosphereSample, World } from '../world/world';
import { round } from '../world/round';
import { converter } from './convert';
import { historyPlaceFields } from './history-place';
import { revision } from './revision';
import { hour, hoursAt, samplesBetween } from './series';

export interface HistoryRange {
  /** Unix seconds, inclusive. */
  from: number;
  /** Unix seconds, exclusive. */
  to: number;
}

/** One record per hour; values hold at the timestamp, totals cover the hour that follows it. */
export function historyHourly(
  world: World,
  place: Place,
  range: HistoryRange,
  now: number,
  units: UnitSystem,
  lang: Language,
): z.input<typeof historyHourlySchema> {
  const to = Math.min(range.to, lastCompleteHour(now));
  const samples = samplesBetween(hoursAt(world, place, range.from, to), range.from, to);
  return {
    ...historyPlaceFields(place),
    data: samples.map((sample) => hourRecord(sample, place, now, units, lang)),
  };
}

/** History covers hours that have ended. */
export function lastCompleteHour(now: number): number {
  return Math.floor(now / hour) * hour;
}

export function hourRecord(
  sample: AtmosphereSample,
  place: Place,
  now: number,
  units: UnitSystem,
  lang: Language,
): HistoryHour {
  const convert = converter(units);
  const t = sample.unixSeconds;
  return {
    ts: t,
    timestamp_local: formatTimestamp(wallClock(t, place.timeZone)),
    timestamp_utc: formatTimestamp(utc(t)),
    datetime: formatDateHour(utc(t)),
    ...revision(t + hour, now),
    slp: round(sample.seaLevelPressure, 1),
    pres: round(sample.pressure, 1),
    rh: sample.relativeHumidity,
    dewpt: convert.temperature(sample.dewPoint),
    temp: convert.temperature(sample.temperature),
    app_temp: convert.temperature(sample.apparentTemperature),
    wind_spd: convert.speed(sample.windSpeed),
    wind_gust_spd: convert.speed(sample.gust),
    wind_dir: Math.round(sample.windDirection) % 360,
    uv: round(sample.uv, 1),
    solar_rad: round(sample.solarRad, 1),
    ghi: round(sample.ghi, 1),
    dhi: round(sample.dhi, 1),
    dni: round(sample.dni, 1),
    h_angle: round(sample.sun.hourAngle, 1),
    elev_angle: round(sample.sun.elevation, 2),
    azimuth: round(sample.sun.azimuth, 1),
    vis: convert.distance(sample.visibility),
    pod: sample.partOfDay,
    weather: {
      icon: iconFor(sample.code, sample.partOfDay),
      code: sample.code,
      description: conditionText(sample.code, lang),
    },
    clouds: sample.clouds,
    precip: convert.depth(sample.precipRate),
    snow: convert.depth(sample.snowRate),
  };
}
