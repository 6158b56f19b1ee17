import { z } from 'zod';
import { weatherCondition } from './formats';
import { placeShape } from './place-schema';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

export const dailyForecastDaySchema = z.object({
  /** The place's local date. */
  valid_date: date,
  /** DEPRECATED copy of valid_date. */
  datetime: date,
  /** Local midnight plus 60 seconds. */
  ts: z.number().int(),
  temp: z.number(),
  max_temp: z.number(),
  min_temp: z.number(),
  /** Day-time high, 07–19 local. */
  high_temp: z.number(),
  /** Night-time low, 19–07 local. */
  low_temp: z.number(),
  app_max_temp: z.number(),
  app_min_temp: z.number(),
  rh: z.number(),
  dewpt: z.number(),
  pres: z.number(),
  slp: z.number(),
  clouds: z.number(),
  clouds_low: z.number(),
  clouds_mid: z.number(),
  clouds_hi: z.number(),
  vis: z.number(),
  uv: z.number(),
  ozone: z.number(),
  pop: z.number(),
  precip: z.number(),
  snow: z.number(),
  snow_depth: z.number(),
  wind_spd: z.number(),
  wind_gust_spd: z.number(),
  wind_dir: z.number(),
  wind_cdir: z.string(),
  wind_cdir_full: z.string(),
  /** Null where the sun (or moon) does not rise or set that day: our decision for polar days. */
  sunrise_ts: z.number().int().nullable(),
  sunset_ts: z.number().int().nullable(),
  moonrise_ts: z.number().int().nullable(),
  moonset_ts: z.number().int().nullable(),
  moon_phase: z.number(),
  moon_phase_lunation: z.number(),
  /** DEPRECATED, usually null. */
  max_dhi: z.number().nullable(),
  weather: weatherCondition,
});
export type DailyForecastDay = z.output<typeof dailyForecastDaySchema>;

export const dailyForecastSchema = z.object({
  ...placeShape,
  data: z.array(dailyForecastDaySchema),
});
