import { z } from 'zod';
import { dateHour, isoLocalDateTime, weatherCondition } from './formats';
import { historyPlaceShape } from './place-schema';

export const revisionStatuses = ['interim', 'final'] as const;

const revision = {
  revision_status: z.enum(revisionStatuses),
  /** The final revision's version; an empty string while the record is interim (our decision). */
  revision_version: z.string(),
};

export const historyHourSchema = z.object({
  ts: z.number().int(),
  timestamp_local: isoLocalDateTime,
  timestamp_utc: isoLocalDateTime,
  /** DEPRECATED: use timestamp_utc. */
  datetime: dateHour,
  ...revision,
  slp: z.number(),
  pres: z.number(),
  rh: z.number(),
  dewpt: z.number(),
  temp: z.number(),
  app_temp: z.number(),
  wind_spd: z.number(),
  wind_gust_spd: z.number(),
  wind_dir: z.number(),
  uv: z.number(),
  solar_rad: z.number(),
  ghi: z.number(),
  dhi: z.number(),
  dni: z.number(),
  h_angle: z.number().nullable(),
  elev_angle: z.number(),
  azimuth: z.number(),
  vis: z.number(),
  pod: z.enum(['d', 'n']),
  weather: weatherCondition,
  clouds: z.number(),
  /** Accumulated over the hour that starts at ts. */
  precip: z.number(),
  snow: z.number(),
});
export type HistoryHour = z.output<typeof historyHourSchema>;

export const historyHourlySchema = z.object({
  ...historyPlaceShape,
  data: z.array(historyHourSchema),
});
export type HistoryHourly = z.output<typeof historyHourlySchema>;

export const historyDaySchema = z.object({
  /** The UTC date. */
  datetime: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Midnight UTC of that date. */
  ts: z.number().int(),
  ...revision,
  slp: z.number(),
  pres: z.number(),
  rh: z.number(),
  dewpt: z.number(),
  temp: z.number(),
  max_temp: z.number(),
  min_temp: z.number(),
  max_temp_ts: z.number().int(),
  min_temp_ts: z.number().int(),
  wind_spd: z.number(),
  wind_dir: z.number(),
  wind_gust_spd: z.number(),
  max_wind_spd: z.number(),
  max_wind_dir: z.number(),
  max_wind_spd_ts: z.number().int(),
  clouds: z.number(),
  ghi: z.number(),
  dni: z.number(),
  dhi: z.number(),
  max_ghi: z.number(),
  max_dni: z.number(),
  max_dhi: z.number(),
  t_ghi: z.number(),
  t_dni: z.number(),
  t_dhi: z.number(),
  solar_rad: z.number(),
  t_solar_rad: z.number(),
  max_uv: z.number(),
  precip: z.number(),
  /** DEPRECATED: use precip. */
  precip_gpm: z.number(),
  snow: z.number(),
  snow_depth: z.number().nullable(),
});
export type HistoryDay = z.output<typeof historyDaySchema>;

export const historyDailySchema = z.object({
  ...historyPlaceShape,
  data: z.array(historyDaySchema),
});
export type HistoryDaily = z.output<typeof historyDailySchema>;
