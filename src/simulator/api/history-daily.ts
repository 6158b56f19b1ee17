import type { z } from 'zod';
import type { HistoryDay, historyDailySchema } from '../../shared/weather/history-schema';
import type { UnitSystem } from '../../shared/weather/units';
import type { Place } from '../geo/place';
import { utcDateString } from '../../shared/time/dates';
import type { AtmosphereSample, World } from '../world/world';
import { round } from '../world/round';
import { converter } from './convert';
import { lastCompleteHour, type HistoryRange } from './history-hourly';
import { historyPlaceFields } from './history-place';
import { revision } from './revision';
import { SnowPack } from '../world/snowpack';
import { hour, hoursAt, meanDirection, samplesBetween, spunUpSnowPack, windOf } from './series';

const day = 86_400;

/**
 * One record per UTC day, each the aggregate of exactly the hourly records history/hourly
 * gives for that day: so the two views can never disagree.
 */
export function historyDaily(
  world: World,
  place: Place,
  range: HistoryRange,
  now: number,
  units: UnitSystem,
): z.input<typeof historyDailySchema> {
  const from = Math.floor(range.from / day) * day;
  const to = Math.min(Math.ceil(range.to / day) * day, lastCompleteHour(now));
  // A day's samples at a time: a year would otherwise hold ~9,000 samples alive at once, and
  // the garbage collector took a third of the time promoting them.
  const at = hoursAt(world, place, from - SnowPack.spinUpHours * hour, to);
  const pack = spunUpSnowPack(at, from);
  const convert = converter(units);
  const data: HistoryDay[] = [];
  for (let start = from; start < to; start += day) {
    const hours = samplesBetween(at, start, Math.min(start + day, to));
    if (hours.length === 0) break;
    let depth = pack.depth;
    for (const sample of hours) depth = pack.update(sample);
    data.push(dayRecord(start, hours, depth, now, convert));
  }
  return { ...historyPlaceFields(place), data };
}

/** The day's record in one pass over its hours: a year is 366 of these. */
function dayRecord(
  start: number,
  hours: AtmosphereSample[],
  snowDepth: number,
  now: number,
  convert: ReturnType<typeof converter>,
): HistoryDay {
  const first = hours[0] as AtmosphereSample;
  let warmest = first;
  let coldest = first;
  let windiest = first;
  const total = {
    slp: 0,
    pres: 0,
    rh: 0,
    dew: 0,
    temp: 0,
    wind: 0,
    clouds: 0,
    ghi: 0,
    dni: 0,
    dhi: 0,
    solar: 0,
    precip: 0,
    snow: 0,
  };
  const peak = { gust: 0, uv: 0, ghi: 0, dni: 0, dhi: 0 };
  for (const s of hours) {
    if (s.temperature > warmest.temperature) warmest = s;
    if (s.temperature < coldest.temperature) coldest = s;
    if (s.windSpeed > windiest.windSpeed) windiest = s;
    total.slp += s.seaLevelPressure;
    total.pres += s.pressure;
    total.rh += s.relativeHumidity;
    total.dew += s.dewPoint;
    total.temp += s.temperature;
    total.wind += s.windSpeed;
    total.clouds += s.clouds;
    total.ghi += s.ghi;
    total.dni += s.dni;
    total.dhi += s.dhi;
    total.solar += s.solarRad;
    total.precip += s.precipRate;
    total.snow += s.snowRate;
    peak.gust = Math.max(peak.gust, s.gust);
    peak.uv = Math.max(peak.uv, s.uv);
    peak.ghi = Math.max(peak.ghi, s.ghi);
    peak.dni = Math.max(peak.dni, s.dni);
    peak.dhi = Math.max(peak.dhi, s.dhi);
  }
  const n = hours.length;
  const precip = convert.depth(total.precip);
  return {
    datetime: utcDateString(start),
    ts: start,
    ...revision(start + day, now),
    slp: round(total.slp / n, 1),
    pres: round(total.pres / n, 1),
    rh: round(total.rh / n, 1),
    dewpt: convert.temperature(total.dew / n),
    temp: convert.temperature(total.temp / n),
    max_temp: convert.temperature(warmest.temperature),
    min_temp: convert.temperature(coldest.temperature),
    max_temp_ts: warmest.unixSeconds,
    min_temp_ts: coldest.unixSeconds,
    wind_spd: convert.speed(total.wind / n),
    wind_dir: meanDirection(hours.map(windOf)),
    wind_gust_spd: convert.speed(peak.gust),
    max_wind_spd: convert.speed(windiest.windSpeed),
    max_wind_dir: Math.round(windiest.windDirection) % 360,
    max_wind_spd_ts: windiest.unixSeconds,
    clouds: Math.round(total.clouds / n),
    ghi: Math.round(total.ghi / n),
    dni: Math.round(total.dni / n),
    dhi: Math.round(total.dhi / n),
    max_ghi: Math.round(peak.ghi),
    max_dni: Math.round(peak.dni),
    max_dhi: Math.round(peak.dhi),
    t_ghi: Math.round(total.ghi),
    t_dni: Math.round(total.dni),
    t_dhi: Math.round(total.dhi),
    solar_rad: Math.round(total.solar / n),
    t_solar_rad: Math.round(total.solar),
    max_uv: round(peak.uv, 1),
    precip,
    precip_gpm: precip,
    snow: convert.depth(total.snow),
    snow_depth: convert.depth(snowDepth),
  };
}
