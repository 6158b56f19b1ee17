import { z } from 'zod';
import { isoLocalDateTime } from './formats';
import { placeShape } from './place-schema';

export const minutelyPointSchema = z.object({
  ts: z.number().int(),
  timestamp_utc: isoLocalDateTime,
  timestamp_local: isoLocalDateTime,
  /** Rate, mm/h (in/h with units=I). */
  precip: z.number(),
  /** Rate, mm/h (in/h with units=I). */
  snow: z.number(),
  temp: z.number(),
});
export type MinutelyPoint = z.output<typeof minutelyPointSchema>;

export const minutelyForecastSchema = z.object({
  ...placeShape,
  data: z.array(minutelyPointSchema),
});
