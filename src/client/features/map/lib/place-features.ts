import type { FeatureCollection, Point } from 'geojson';
import type { PlaceRow } from '../../../../shared/geo/place-tiles';

export interface PlaceProperties {
  name: string;
  population: number;
}
export type PlaceCollection = FeatureCollection<Point, PlaceProperties>;

/** Places as the build writes them ([lon, lat, name, population]) as GeoJSON for MapLibre. */
export function placeFeatures(rows: readonly PlaceRow[]): PlaceCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map(([lon, lat, name, population]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { name, population },
    })),
  };
}

export const noPlaces: PlaceCollection = { type: 'FeatureCollection', features: [] };
