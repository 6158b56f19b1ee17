import { z } from 'zod';
import { isoLocalDateTime } from './formats';
import { placeShape } from './place-schema';

export const airQualityHourSchema = z.object({
  ts: z.number().int(),
  timestamp_utc: isoLocalDateTime,
  timestamp_local: isoLocalDateTime,
  /** US EPA index, 0–500. */
  aqi: z.number().int(),
  /** Concentrations in µg/m³. */
  pm25: z.number(),
  pm10: z.number(),
  o3: z.number(),
  no2: z.number(),
  so2: z.number(),
  co: z.number(),
});
export type AirQualityHour = z.output<typeof airQualityHourSchema>;

export const airQualitySchema = z.object({ ...placeShape, data: z.array(airQualityHourSchema) });
export type AirQuality = z.output<typeof airQualitySchema>;
