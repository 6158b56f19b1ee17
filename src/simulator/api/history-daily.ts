import type { z } from 'zod';
import type { HistoryDay, historyDailySchema } from '../../shared/weather/history-schema';
import type { UnitSystem } from '../../shared/weather/units';
import type { Place } from '../geo/place';
import { utcDateString } from '../../shared/time/dates';
import type { AtmosphereSample, World } from '../world/world';
import { converter, round } from './convert';
import { lastCompleteHour, type HistoryRange } from './history-hourly';
import { historyPlaceFields } from './history-place';
import { revision } from './revision';
import { maxBy, mean, meanDirection, samplesBetween, spunUpSnowPack, sum, windOf } from './series';

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
  const pack = spunUpSnowPack(world, place, from);
  const data: HistoryDay[] = [];
  for (let start = from; start < to; start += day) {
    const hours = samplesBetween(world, place, start, Math.min(start + day, to));
    if (hours.length === 0) break;
    let depth = pack.depth;
    for (const sample of hours) depth = pack.update(sample);
    data.push(dayRecord(start, hours, depth, now, units));
  }
  return { ...historyPlaceFields(place), data };
}

function dayRecord(
  start: number,
  hours: AtmosphereSample[],
  snowDepth: number,
  now: number,
  units: UnitSystem,
): HistoryDay {
  const convert = converter(units);
  const warmest = maxBy(hours, (s) => s.temperature) as AtmosphereSample;
  const coldest = maxBy(hours, (s) => -s.temperature) as AtmosphereSample;
  const windiest = maxBy(hours, (s) => s.windSpeed) as AtmosphereSample;
  const values = (pick: (s: AtmosphereSample) => number) => hours.map(pick);
  const precip = convert.depth(sum(values((s) => s.precipRate)));
  return {
    datetime: utcDateString(start),
    ts: start,
    ...revision(start + day, now),
    slp: round(mean(values((s) => s.seaLevelPressure)), 1),
    pres: round(mean(values((s) => s.pressure)), 1),
    rh: round(mean(values((s) => s.relativeHumidity)), 1),
    dewpt: convert.temperature(mean(values((s) => s.dewPoint))),
    temp: convert.temperature(mean(values((s) => s.temperature))),
    max_temp: convert.temperature(warmest.temperature),
    min_temp: convert.temperature(coldest.temperature),
    max_temp_ts: warmest.unixSeconds,
    min_temp_ts: coldest.unixSeconds,
    wind_spd: convert.speed(mean(values((s) => s.windSpeed))),
    wind_dir: meanDirection(hours.map(windOf)),
    wind_gust_spd: convert.speed(Math.max(...values((s) => s.gust))),
    max_wind_spd: convert.speed(windiest.windSpeed),
    max_wind_dir: Math.round(windiest.windDirection) % 360,
    max_wind_spd_ts: windiest.unixSeconds,
    clouds: Math.round(mean(values((s) => s.clouds))),
    ghi: Math.round(mean(values((s) => s.ghi))),
    dni: Math.round(mean(values((s) => s.dni))),
    dhi: Math.round(mean(values((s) => s.dhi))),
    max_ghi: Math.round(Math.max(...values((s) => s.ghi))),
    max_dni: Math.round(Math.max(...values((s) => s.dni))),
    max_dhi: Math.round(Math.max(...values((s) => s.dhi))),
    t_ghi: Math.round(sum(values((s) => s.ghi))),
    t_dni: Math.round(sum(values((s) => s.dni))),
    t_dhi: Math.round(sum(values((s) => s.dhi))),
    solar_rad: Math.round(mean(values((s) => s.solarRad))),
    t_solar_rad: Math.round(sum(values((s) => s.solarRad))),
    max_uv: round(Math.max(...values((s) => s.uv)), 1),
    precip,
    precip_gpm: precip,
    snow: convert.depth(sum(values((s) => s.snowRate))),
    snow_depth: convert.depth(snowDepth),
  };
}
