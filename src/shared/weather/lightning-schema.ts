import { z } from 'zod';
import { isoLocalDateTime } from './formats';

export const lightningEventSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  bearing_cardinal: z.string(),
  bearing_degrees: z.number().int(),
  distance_km: z.number(),
  distance_mi: z.number(),
  id: z.number().int(),
  timestamp_utc: isoLocalDateTime,
  timestamp_local: isoLocalDateTime,
  past_mins: z.number(),
  type: z.string(),
  source: z.string(),
});
export type LightningEvent = z.output<typeof lightningEventSchema>;

const groupShape = {
  count: z.number().int(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  limit: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  search_distance_km: z.number().int(),
  /** Null for historical queries. */
  search_mins: z.number().nullable(),
  skip: z.number().int(),
  sort: z.enum(['time', 'distance']),
  timezone: z.string(),
};

export const lightningSchema = z.object({
  ...groupShape,
  lightning: z.array(lightningEventSchema),
});
export type Lightning = z.output<typeof lightningSchema>;

/**
 * `output_type=geojson`, as reference.md decides: Point features at [lon, lat] with every other
 * event field as properties, and the group fields as members of the collection.
 */
export const lightningFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: lightningEventSchema.omit({ lat: true, lon: true }),
});

export const lightningGeoJsonSchema = z.object({
  type: z.literal('FeatureCollection'),
  ...groupShape,
  features: z.array(lightningFeatureSchema),
});
export type LightningGeoJson = z.output<typeof lightningGeoJsonSchema>;
