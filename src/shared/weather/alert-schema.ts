import { z } from 'zod';
import { coordinate, isoLocalDateTime } from './formats';

export const alertSeverities = ['Advisory', 'Watch', 'Warning'] as const;

export const alertSchema = z.object({
  title: z.string(),
  description: z.string(),
  severity: z.enum(alertSeverities),
  effective_utc: isoLocalDateTime,
  effective_local: isoLocalDateTime,
  onset_utc: isoLocalDateTime,
  onset_local: isoLocalDateTime,
  ends_utc: isoLocalDateTime,
  ends_local: isoLocalDateTime,
  expires_utc: isoLocalDateTime,
  expires_local: isoLocalDateTime,
  uri: z.string(),
  /** Every element after the first keeps a leading space (reference.md quirk). */
  regions: z.array(z.string()),
});
export type Alert = z.output<typeof alertSchema>;

export const alertsResponseSchema = z.object({
  alerts: z.array(alertSchema),
  city_name: z.string(),
  state_code: z.string(),
  country_code: z.string(),
  lat: coordinate,
  lon: coordinate,
  timezone: z.string(),
});
export type AlertsResponse = z.output<typeof alertsResponseSchema>;
