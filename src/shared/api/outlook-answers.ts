import { z } from 'zod';
import { type OutlookDay, type OutlookValues, outlookVerdicts } from '../safety/outlook';

/**
 * The answer of `GET /api/sites/:id/outlook`, written once: the BFF's builder is held to it, the
 * client parses with it (a verdict it has no word for is refused, not guessed at), and the
 * OpenAPI document gives it in full. Field names are the interface.
 */

const figure = (description: string) => z.number().nullable().meta({ description });

const outlookValuesSchema = z.object({
  wind_ms: figure('The day’s mean 10 m wind (`wind_spd`), m/s'),
  gust_ms: figure('The day’s 10 m gust (`wind_gust_spd`), m/s'),
  max_temp_c: figure('The day’s maximum temperature (`max_temp`), °C'),
  rh_percent: figure('The day’s mean relative humidity (`rh`), %'),
  heat_index_c: figure('The heat index of `max_temp` at `rh`, °C, to a tenth'),
  weather_code: figure('The day’s weather condition code (200–233: thunderstorm)'),
  pop_percent: figure('The chance of precipitation (`pop`), %'),
  aqi: figure('The day’s highest hourly US EPA AQI; null past the air-quality forecast (72 h)'),
  aqi_hours: z
    .number()
    .int()
    .meta({ description: 'How many of the day’s hours the air-quality forecast covers' }),
}) satisfies z.ZodType<OutlookValues>;

export const outlookDaySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ description: 'The site’s local date, YYYY-MM-DD, as the forecast gives it' }),
  verdict: z.enum(outlookVerdicts).meta({
    description:
      '`no_go`: a stop limit is forecast to be reached; `marginal`: a caution limit, a ' +
      'thunderstorm, or a rule the forecast should judge but cannot (a field missing, no ' +
      'air-quality forecast); `go`: none of these (see `unjudged`)',
  }),
  reasons: z.array(z.string()).meta({
    description:
      'Each rule and value behind the verdict, most severe first ("wind: gust 17.3 m/s ≥ stop 15 m/s")',
  }),
  unjudged: z.array(z.string()).meta({
    description:
      'The rules the policy sets that the forecast does not reach this far ahead, left out of ' +
      'the verdict ("air quality: not forecast this far ahead"); the watch judges them on the day',
  }),
  values: outlookValuesSchema,
}) satisfies z.ZodType<OutlookDay>;

export const outlookResponseSchema = z.object({
  site_id: z.string(),
  generated_at: z.string().meta({ description: 'When the outlook was judged (ISO 8601, UTC)' }),
  days: z.array(outlookDaySchema),
});
export type OutlookResponse = z.output<typeof outlookResponseSchema>;
