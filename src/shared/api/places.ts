import { z } from 'zod';
import { integerParam } from './params';

/** `GET /api/places?q=`: a place search by name, optionally narrowed as "name, state or country". */
export const placeSearchParams = z.strictObject({
  q: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(100, 'must be at most 100 characters'),
  limit: integerParam(1, 20).optional(),
});

export const placeSchema = z.object({
  name: z.string(),
  state_code: z.string(),
  country_code: z.string(),
  lat: z.number(),
  lon: z.number(),
  population: z.number(),
});
export type Place = z.output<typeof placeSchema>;

export const placeSearchSchema = z.object({ places: z.array(placeSchema) });
export type PlaceSearch = z.output<typeof placeSearchSchema>;
