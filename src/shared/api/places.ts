import { z } from 'zod';
import { latitudeParam, longitudeParam, rangeParam } from './params';

/**
 * `GET /api/places?q=`: a place search by name, optionally narrowed as "name, state or country"
 * (a code or a name: "paris, tx", "paris, ontario"). Small typos are forgiven.
 */
export const placeSearchParams = z.strictObject({
  q: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(100, 'must be at most 100 characters'),
  limit: rangeParam({ min: 1, max: 20, integer: true }).optional(),
});

export const placeSchema = z.object({
  name: z.string(),
  state_code: z.string(),
  country_code: z.string(),
  lat: z.number(),
  lon: z.number(),
  population: z.number(),
  /** The region `state_code` stands for ("Ontario"); empty when the gazetteer has none. */
  state_name: z.string(),
  country_name: z.string(),
  /** What to call the place: "Paris, Ontario, Canada". */
  label: z.string(),
  /**
   * In a search, the other name of the place that was matched ("München" for a search that found
   * Munich by it); absent when its own name was.
   */
  matched_name: z.string().optional(),
});
export type Place = z.output<typeof placeSchema>;

export const placeSearchSchema = z.object({ places: z.array(placeSchema) });
export type PlaceSearch = z.output<typeof placeSearchSchema>;

/** `GET /api/places/at?lat=&lon=`: what to call a point, such as one clicked on the map. */
export const placeAtParams = z.strictObject({ lat: latitudeParam, lon: longitudeParam });

export const placeAtSchema = z.object({
  /** "Malakoff, Île-de-France, France" near a town; "Antarctica, 80.00°S, 0.00°E" far from any. */
  label: z.string(),
  /** Whether `label` names `place`; false when the point is described instead. */
  named: z.boolean(),
  /** The town the point is named after, or else the nearest one, and how far away it is. */
  place: placeSchema.extend({ distance_km: z.number() }),
});
export type PlaceAt = z.output<typeof placeAtSchema>;
