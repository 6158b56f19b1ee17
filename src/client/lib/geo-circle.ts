import type { Feature, Polygon } from 'geojson';
import { destination } from '../../shared/geo/great-circle';

/**
 * Circles on the map (range rings, a rule's rings, a watched site's rings) as GeoJSON polygons
 * traced along great circles, for any feature that draws one.
 */

/**
 * A point a distance along a bearing, its longitude kept next to the centre's (past ±180 if need
 * be): a ring around a site near the antimeridian must not jump across the world and back.
 */
export function around(
  centre: { lat: number; lon: number },
  bearing: number,
  km: number,
): { lat: number; lon: number } {
  const point = destination(centre.lat, centre.lon, bearing, km);
  const offset = ((((point.lon - centre.lon + 180) % 360) + 360) % 360) - 180;
  return { lat: point.lat, lon: centre.lon + offset };
}

/** A ring of 96 sides, closed, with `km` added to its properties. */
export function circle<P extends Record<string, unknown>>(
  centre: { lat: number; lon: number },
  km: number,
  properties: P,
): Feature<Polygon, P & { km: number }> {
  return {
    type: 'Feature',
    properties: { ...properties, km },
    geometry: {
      type: 'Polygon',
      coordinates: [
        Array.from({ length: 97 }, (_, index) => {
          const point = around(centre, (index * 360) / 96, km);
          return [point.lon, point.lat];
        }),
      ],
    },
  };
}
