import { z } from 'zod';
import { isoLocalDateTime } from './formats';
import { placeShape } from './place-schema';

export const energyPeriodSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Filled for tp=hourly, null for daily periods. */
  timestamp_local: isoLocalDateTime.nullable(),
  timestamp_utc: isoLocalDateTime.nullable(),
  cdd: z.number(),
  hdd: z.number(),
  rh: z.number(),
  dewpt: z.number(),
  max_wind_dir: z.number(),
  max_wind_dir_100m: z.number(),
  max_wind_spd: z.number(),
  max_wind_spd_100m: z.number(),
  wind_dir: z.number(),
  wind_dir_100m: z.number(),
  wind_spd: z.number(),
  wind_spd_100m: z.number(),
  temp: z.number(),
  temp_wetbulb: z.number(),
  clouds: z.number(),
  t_ghi: z.number(),
  t_dhi: z.number(),
  t_dni: z.number(),
  t_solar_rad: z.number(),
  sun_hours: z.number(),
  precip: z.number(),
  snow: z.number(),
});
export type EnergyPeriod = z.output<typeof energyPeriodSchema>;

export const energyForecastSchema = z.object({
  ...placeShape,
  threshold_units: z.enum(['C', 'F', 'K']),
  /** Typed string in the interface; numbers seen too. */
  threshold_value: z.union([z.string(), z.number()]),
  data: z.array(energyPeriodSchema),
});
