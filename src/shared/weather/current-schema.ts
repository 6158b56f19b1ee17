import { z } from 'zod';
import { alertSchema } from './alert-schema';
import { lightningEventSchema } from './lightning-schema';
import { clockTime, dateHour, observationTime, weatherCondition } from './formats';
import { minutelyPointSchema } from './minutely-schema';

export const currentObservationSchema = z.object({
  app_temp: z.number(),
  aqi: z.number(),
  city_name: z.string(),
  clouds: z.number(),
  country_code: z.string(),
  datetime: dateHour,
  dewpt: z.number(),
  dhi: z.number(),
  dni: z.number(),
  elev_angle: z.number(),
  ghi: z.number(),
  gust: z.number().nullable(),
  h_angle: z.number().nullable(),
  lat: z.number(),
  lon: z.number(),
  ob_time: observationTime,
  pod: z.enum(['d', 'n']),
  /** A rate (mm/hr, in/hr with units=I). */
  precip: z.number(),
  pres: z.number(),
  rh: z.number(),
  slp: z.number(),
  /** A rate (mm/hr, in/hr with units=I). */
  snow: z.number(),
  solar_rad: z.number(),
  sources: z.array(z.string()),
  state_code: z.string(),
  station: z.string(),
  /**
   * UTC `HH:MM`. Null where the sun neither rises nor sets that day (polar day or night): a
   * decision of ours, since no public capture shows what the service sends there.
   */
  sunrise: clockTime.nullable(),
  sunset: clockTime.nullable(),
  temp: z.number(),
  timezone: z.string(),
  ts: z.number().int(),
  uv: z.number(),
  vis: z.number(),
  weather: weatherCondition,
  wind_cdir: z.string(),
  wind_cdir_full: z.string(),
  wind_dir: z.number(),
  wind_spd: z.number(),
});
export type CurrentObservation = z.output<typeof currentObservationSchema>;

export const currentResponseSchema = z.object({
  count: z.number().int(),
  data: z.array(currentObservationSchema),
  minutely: z.array(minutelyPointSchema).optional(),
  alerts: z.array(alertSchema).optional(),
  /** Our decision for include=lightning, which no public capture shows: the nearby events. */
  lightning: z.array(lightningEventSchema).optional(),
});
