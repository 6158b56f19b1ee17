import { type ConditionCode, iconFor } from '../world/condition-codes';
import type { z } from 'zod';
import type {
  dailyForecastSchema,
  DailyForecastDay,
} from '../../shared/weather/daily-forecast-schema';
import type { Language, UnitSystem } from '../../shared/weather/units';
import type { Place } from '../geo/place';
import { compassAbbreviation, compassFullName } from '../i18n/compass-text';
import { conditionText } from '../i18n/condition-text';
import { type LocalDay, localDay, solarDayStart, wallClock } from '../time/zoned-time';
import { sunEvents } from '../world/solar';
import type { AtmosphereSample, World } from '../world/world';
import { round } from '../world/round';
import { converter } from './convert';
import { dayCondition } from './day-condition';
import { moonDay } from './moon';
import { placeFields } from './place-fields';
import { hour, maxBy, mean, meanDirection, samplesWithSnow, sum, windOf } from './series';

export interface DailyForecastRequest {
  days: number;
  units: UnitSystem;
  lang: Language;
}

/**
 * Days of the place's local calendar, from today, continuing the same world as current
 * conditions. Highs are 07–19 local, lows the following night 19–07.
 */
export function dailyForecast(
  world: World,
  place: Place,
  now: number,
  request: DailyForecastRequest,
): z.input<typeof dailyForecastSchema> {
  const days = Array.from({ length: request.days }, (_, index) =>
    localDay(now, place.timeZone, index),
  );
  const first = days[0] as LocalDay;
  const last = days[days.length - 1] as LocalDay;
  // Seven hours past the last midnight cover the last night's low.
  const { samples, snowDepth } = samplesWithSnow(world, place, first.start, last.end + 7 * hour);
  const convert = converter(request.units);

  return {
    ...placeFields(place, { stringCoordinates: true }),
    data: days.map((day) => {
      const index = (t: number) => Math.round((t - first.start) / hour);
      const inDay = samples.slice(index(day.start), index(day.end));
      const localHour = (sample: AtmosphereSample) =>
        wallClock(sample.unixSeconds, place.timeZone).hour;
      const daytime = inDay.filter((sample) => localHour(sample) >= 7 && localHour(sample) < 19);
      const night = samples
        .slice(index(day.start + 19 * hour), index(day.end + 7 * hour))
        .filter((sample) => localHour(sample) >= 19 || localHour(sample) < 7);
      const code = dayCondition(daytime.length > 0 ? daytime : inDay);
      const sun = sunEvents(solarDayStart(day, place.timeZone), place.lat, place.lon);
      const moon = moonDay(day, place.lat, place.lon);
      const windDirection = meanDirection(inDay.map(windOf));
      const temperatures = inDay.map((sample) => sample.temperature);
      const apparent = inDay.map((sample) => sample.apparentTemperature);
      const entry: DailyForecastDay = {
        valid_date: day.date,
        datetime: day.date,
        ts: day.start + 60,
        temp: convert.temperature(mean(temperatures)),
        max_temp: convert.temperature(Math.max(...temperatures)),
        min_temp: convert.temperature(Math.min(...temperatures)),
        high_temp: convert.temperature(
          Math.max(...(daytime.length ? daytime : inDay).map((s) => s.temperature)),
        ),
        low_temp: convert.temperature(
          Math.min(...(night.length ? night : inDay).map((s) => s.temperature)),
        ),
        app_max_temp: convert.temperature(Math.max(...apparent)),
        app_min_temp: convert.temperature(Math.min(...apparent)),
        rh: Math.round(mean(inDay.map((s) => s.relativeHumidity))),
        dewpt: convert.temperature(mean(inDay.map((s) => s.dewPoint))),
        pres: round(mean(inDay.map((s) => s.pressure)), 1),
        slp: round(mean(inDay.map((s) => s.seaLevelPressure)), 1),
        clouds: Math.round(mean(inDay.map((s) => s.clouds))),
        clouds_low: Math.round(mean(inDay.map((s) => s.cloudLayers.low))),
        clouds_mid: Math.round(mean(inDay.map((s) => s.cloudLayers.mid))),
        clouds_hi: Math.round(mean(inDay.map((s) => s.cloudLayers.high))),
        vis: convert.distance(mean(inDay.map((s) => s.visibility))),
        uv: round(Math.max(...inDay.map((s) => s.uv)), 1),
        ozone: Math.round(mean(inDay.map((s) => s.ozone))),
        pop: probabilityOfPrecipitation(inDay),
        precip: convert.depth(sum(inDay.map((s) => s.precipRate))),
        snow: convert.depth(sum(inDay.map((s) => s.snowRate))),
        snow_depth: convert.depth(snowDepth[index(day.end) - 1] ?? 0),
        wind_spd: convert.speed(mean(inDay.map((s) => s.windSpeed))),
        wind_gust_spd: convert.speed(maxBy(inDay, (s) => s.gust)?.gust ?? 0),
        wind_dir: windDirection,
        wind_cdir: compassAbbreviation(windDirection, request.lang),
        wind_cdir_full: compassFullName(windDirection, request.lang),
        sunrise_ts: sun.kind === 'normal' ? sun.sunrise : null,
        sunset_ts: sun.kind === 'normal' ? sun.sunset : null,
        moonrise_ts: moon.rise,
        moonset_ts: moon.set,
        moon_phase: moon.illumination,
        moon_phase_lunation: moon.lunation,
        max_dhi: null,
        weather: {
          icon: iconFor(code, 'd'),
          code,
          description: dailyDescription(code, request.lang),
        },
      };
      return entry;
    }),
  };
}

/**
 * The chance of measurable precipitation at some point in the day: near-certain for hours the
 * world rains in, a small chance for heavily clouded dry hours, combined as independent events.
 */
function probabilityOfPrecipitation(samples: readonly AtmosphereSample[]): number {
  let dry = 1;
  for (const sample of samples) {
    const chance = sample.precipRate >= 0.1 ? 0.55 : Math.max(0, (sample.clouds - 75) / 100) * 0.2;
    dry *= 1 - chance;
  }
  return Math.round((1 - dry) * 100);
}

/** Daily forecasts capitalise every word in English ("Clear Sky"), a quirk of the service. */
function dailyDescription(code: ConditionCode, lang: Language): string {
  const text = conditionText(code, lang);
  return lang === 'en' ? text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase()) : text;
}
