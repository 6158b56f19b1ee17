import { queryOptions } from '@tanstack/react-query';
import type { MultiLineString, MultiPolygon } from 'geojson';
import { outlines } from '../../../../shared/geo/antimeridian';
import { decodeLand, type LandFile } from '../../../../shared/geo/basemap-land';
import type { PlacesFile, PlaceTileIndex } from '../../../../shared/geo/place-tiles';
import { queryKeys } from '../../../lib/query-keys';
import { type PlaceCollection, placeFeatures } from '../lib/place-features';

export interface BasemapData {
  land: MultiPolygon;
  /** The land's outline without the cuts at ±180° (see antimeridian.ts). */
  coastline: MultiLineString;
  borders: MultiLineString;
  /** The cities every view may label. */
  places: PlaceCollection;
  /** Where the smaller places are, fetched as the map zooms in. */
  tiles: PlaceTileIndex;
}

async function fetchJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Basemap data answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The offline basemap: Natural Earth 1:50m land and borders and GeoNames city labels, built
 * into the app's assets (scripts/vite-plugin-basemap.ts), so the map needs no tile server.
 */
export function basemapQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.basemap(),
    queryFn: async ({ signal }): Promise<BasemapData> => {
      const { landUrl, placesUrl } = await import('virtual:basemap');
      const [landFile, placesFile] = await Promise.all([
        fetchJson<LandFile>(landUrl, signal),
        fetchJson<PlacesFile>(placesUrl, signal),
      ]);
      const { land, borders } = decodeLand(landFile);
      return {
        land,
        coastline: { type: 'MultiLineString', coordinates: outlines(land.coordinates) },
        borders,
        places: placeFeatures(placesFile.world),
        tiles: placesFile.tiles,
      };
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
